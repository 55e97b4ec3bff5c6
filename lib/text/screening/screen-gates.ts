// Which rules can fire on a text at all, found in one pass: every rule's gate words (screening-
// rules.ts, `gates`) go into one trie, a text is walked once to collect the words it contains, and
// a rule whose gate groups are not all met is skipped without running its pattern. Most text holds
// none of most rules' words, and running a pattern costs about as much whether or not it matches.
import type { ScreeningRule } from "./screening-types";

// Children by UTF-16 code unit: an array for ASCII (most text, looked up in one step), a map beyond.
type TrieNode = { ascii: (TrieNode | undefined)[]; other: Map<number, TrieNode>; word: number };

const newNode = (): TrieNode => ({ ascii: new Array(128), other: new Map(), word: -1 });

function child(node: TrieNode, code: number): TrieNode | undefined {
  return code < 128 ? node.ascii[code] : node.other.get(code);
}

/** The gate words of a set of rules, numbered, in a trie for one left-to-right walk. */
export type GateIndex = { root: TrieNode; words: number; groups: Map<ScreeningRule, number[][]> };

export function buildGateIndex(rules: readonly ScreeningRule[]): GateIndex {
  const root = newNode();
  const numbers = new Map<string, number>();
  const number = (word: string) => {
    let n = numbers.get(word);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(word, n);
      let node = root;
      for (let i = 0; i < word.length; i++) {
        const code = word.charCodeAt(i);
        let next = child(node, code);
        if (!next) {
          next = newNode();
          if (code < 128) node.ascii[code] = next;
          else node.other.set(code, next);
        }
        node = next;
      }
      node.word = n;
    }
    return n;
  };
  const groups = new Map<ScreeningRule, number[][]>();
  for (const rule of rules) if (rule.gates) groups.set(rule, rule.gates.map((group) => group.map(number)));
  return { root, words: numbers.size, groups };
}

/** Which of the index's words occur in `text` (by number). */
export function wordsIn(index: GateIndex, text: string): Uint8Array {
  const present = new Uint8Array(index.words);
  const { root } = index;
  for (let i = 0; i < text.length; i++) {
    let node = child(root, text.charCodeAt(i));
    for (let j = i + 1; node; j++) {
      if (node.word >= 0) present[node.word] = 1;
      if (j >= text.length) break;
      node = child(node, text.charCodeAt(j));
    }
  }
  return present;
}

/** Every gate group of `rule` has one of its words in the text (a rule without gates always runs). */
export function gatesOpen(index: GateIndex, rule: ScreeningRule, present: Uint8Array): boolean {
  const groups = index.groups.get(rule);
  return groups === undefined || groups.every((group) => group.some((word) => present[word] === 1));
}
