// Function words that carry no task meaning in either language. They are dropped at analysis time,
// so they neither inflate the index nor count as "missing" when the confidence gate weighs a query.
const ENGLISH =
  "a about above after again all also am an and any are as at be because been before being both but by can " +
  "could did do does doing done each few for from further had has have having he her here hers him his how " +
  "i if in into is it its itself just let me more most my no nor not now of off on once only or other our " +
  "ours out over own same she should so some such than that the their theirs them then there these they " +
  "this those through to too under until up very was we were what when where which while who whom why will " +
  "with would you your yours yourself via using use used uses want wants wanted need needs needed get gets " +
  "got getting try tried trying way ways thing things something anything etc e.g i.e eg ie please help " +
  "lot lots really much many like just against along toward towards upon onto beside besides beyond " +
  "throughout whether either neither " +
  // What contractions leave once the apostrophe splits them: "won't" is "won" + "t".
  "don doesn didn won isn aren wasn weren couldn shouldn wouldn hasn haven hadn ain mustn needn shan cannot";

const CHINESE =
  "的 了 和 与 及 或 在 是 把 被 用 对 从 到 为 将 个 这 那 一 我 你 他 她 它 吗 呢 吧 啊 也 都 就 还 要 想 让 给 " +
  "地 得 着 过 中 里 上 下 之 其 并 而 且 等 时 后 前 又 再 很 较 比 " +
  "一个 一些 一种 我们 你们 他们 它们 需要 如何 怎么 怎样 什么 哪个 哪些 进行 使用 可以 能够 可能 应该 " +
  "时候 以及 或者 并且 然后 因为 所以 如果 这个 那个 这些 那些 其中 通过 没有 有没有 是否 已经 一下 " +
  "想要 希望 帮忙 请问 有 能 会 做 来 去 说 " +
  // Prepositions, connectives and pronoun-like words the segmenter keeps whole ("想把" is want + 把).
  "根据 按照 依据 关于 对于 为了 以便 由于 虽然 但是 不过 而且 还是 只是 就是 不是 同时 之后 之前 以后 以前 " +
  "一直 所有 每个 任何 一样 这样 那样 这么 那么 为什么 之类 比如 例如 其他 其它 自己 想把 要把 能把 一起 不了";

export const STOP_WORDS: ReadonlySet<string> = new Set([...ENGLISH.split(/\s+/), ...CHINESE.split(/\s+/)]);

// Particles and connectives that only ever glue words together. The segmenter sometimes keeps two
// of them as one word (过的, 及其, 也都) that no list can foresee: a word made of nothing else is a
// function word too. Characters that also build content words (比 of 比较 "compare", 对 of 对比,
// 上/下 of 上传/下载, 着/地 of 着地 "land") are left out.
const GRAMMATICAL_CHARACTERS: ReadonlySet<string> = new Set([..."的了过得之其及与和或而且并吗呢吧啊也都就还又再很只"]);

export function isFunctionWord(word: string): boolean {
  if (STOP_WORDS.has(word)) return true;
  for (const ch of word) if (!GRAMMATICAL_CHARACTERS.has(ch)) return false;
  return true;
}

// Generic English words that paraphrased queries are full of ("a quick overview", "only part of
// the rest") but that rarely name the task. Kept, with a small weight, since they sometimes do.
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    "quick quickli easi easy simpl simple nice nicely good best better great fresh new old big top part rest " +
    "later must alwai always never everi every anoth another other same differ different kind sort own " +
    "without within insid inside outsid outside befor after across around between among toward awai away " +
    "back front sure actual actually realli properly proper correct correctli right wrong just still even " +
    "look see make made take give keep put set show seem start stop run find found work come leav leave per " +
    "thing stuff someth bit piec piece whole full half sever several mani various variou number numer " +
    "one two three first second last next time day week year minut hour second pictur picture read " +
    "自动 一键 快速 简单 方便"
  ).split(/\s+/),
);
