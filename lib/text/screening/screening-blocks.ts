// Pattern pieces shared by the rule files (screening-rules.ts and screening-rules-*.ts), and the
// host checks their `accept` functions use. Everything here matches the normalized, lower-cased
// view of a text (screen-views.ts); every quantifier is bounded.

export const src = (parts: TemplateStringsArray, ...values: string[]) => String.raw(parts, ...values);
export const g = (source: string, flags = "") => new RegExp(source, `g${flags}`);

// Secrets an agent or its host holds. With "your" in front they are the reading agent's. The whole
// environment (process.env, os.environ) and a variable named like a secret (github_token,
// openai_api_key) count: posting either somewhere is the same leak.
export const SECRET_NOUN = src`(?:(?:api|access|secret|private|ssh|gpg|pgp|aws|openai|anthropic|github|gh|npm|pypi|auth|session|bearer|deploy|signing|service[- ]account|cloud|admin|root|personal access) ?(?:keys?|tokens?|credentials?|passwords?)|secrets?|credentials?|creds|passwords?|passphrases?|tokens?|cookies|env(?:ironment)?[ -]?(?:variables?|vars?)|\.env(?: files?)?|system prompt|system message|seed phrase|private keys?|wallet keys?|keychain|process\.env\b(?![.[])|os\.environ\b(?![.[])|(?:the )?output of \x60?(?:env|printenv|set|export -p)\b|\$?[a-z][a-z0-9]{1,20}(?:_[a-z0-9]{1,20}){0,4}_(?:token|api_key|access_key|secret|secret_key|password|pat)\b)`;

/** Gate words (screen-gates.ts) of SECRET_NOUN: one of them is in every secret it names. */
export const SECRET_GATE: readonly string[] = [
  "key", "token", "credential", "creds", "password", "passphrase", "secret", "cookie", "env", "system prompt", "system message",
  "seed phrase", "keychain", "output of", "_pat",
];

export const HOME = src`(?:~|\$home|\$\{home\}|%userprofile%|\$env:userprofile|/root|/home/[\w.-]{1,32}|/users/[\w.-]{1,32}|c:\\users\\[\w.-]{1,32})`;

// Files that hold credentials: ssh keys, cloud and registry credentials, shell history, the
// process environment. Named alone they are ordinary ("add .env to .gitignore"); the rules look for
// them next to a request to read, include or send.
export const SENSITIVE_PATH = src`(?:(?:${HOME}?[/\\])?(?<![\w-])\.(?:ssh[/\\](?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)(?![\w.-])|aws[/\\]credentials\b|git-credentials\b|netrc\b|npmrc\b|pypirc\b|pgpass\b|vault-token\b|s3cfg\b|kube[/\\]config\b|docker[/\\]config\.json\b|config[/\\](?:gh[/\\]hosts\.ya?ml|gcloud[/\\](?:application_default_credentials\.json|credentials\.db|access_tokens\.db))\b|azure[/\\](?:accesstokens\.json|credentials)\b|cargo[/\\]credentials(?:\.toml)?\b|gem[/\\]credentials\b|terraform\.d[/\\]credentials\.tfrc\.json\b|gnupg[/\\]|(?:bash|zsh)_history\b|env(?:\.(?:local|production|prod))?(?![\w.-]))|${HOME}[/\\]\.(?:ssh|aws|kube)[/\\]?(?![\w.-]|[/\\][\w.-])|/etc/(?:passwd|shadow|sudoers)\b|/proc/(?:self|\d{1,7})/environ\b|(?<![\w.-])kubeconfig\b|(?<![\w/.-])id_(?:rsa|dsa|ecdsa|ed25519)(?![\w.-])|(?<![\w-])application_default_credentials\.json\b)`;

/** Gate words of SENSITIVE_PATH. */
export const PATH_GATE: readonly string[] = [
  ".ssh", "aws", "git-credentials", "netrc", "npmrc", "pypirc", "pgpass", "vault-token", "s3cfg", "kube", "docker", "config",
  "azure", "cargo", "gem", "terraform", "gnupg", "_history", ".env", "/etc/", "environ", "id_", "application_default",
];

// Where a request may send things: somewhere outside, named.
export const DESTINATION = src`(?:(?:https?|ftp)://[^\s"'\x60)]{0,100}|[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,63}|me\b|us\b|my (?:server|endpoint|email|inbox|webhook|bucket|url|site|address)|(?:this|the following|the below|that|our|my)(?: [\w-]{1,20}){0,2} (?:url|address|endpoint|webhook|server|email|link|host|ip|bucket|inbox|channel|form)|(?:a |an |my |the |this )?(?:webhook|pastebin|discord|telegram|gist|ngrok|requestbin|external (?:server|host|endpoint)|remote (?:server|host|endpoint)|attacker))`;

export const SEND_VERB = src`(?:send|upload|post|email|e-mail|mail|forward|transmit|exfiltrate|submit|pipe|sync|push|beacon|report|leak|dump|copy|paste|deliver|ship|export)`;

export const PIPE = src`(?<!\|)\|(?!\|)`;

/** Who a text addresses when it talks to the reading agent. */
export const AGENT_NOUN = src`(?:ai|a\.i\.|llms?|language models?|large language models?|ai (?:agents?|assistants?|models?|systems?)|agents?|assistants?|chatbots?|bots?|models?|copilots?|claude|chatgpt|gpt(?:-?[\d.o]{1,4})?|gemini|cursor|codex|crawlers?|scrapers?)`;

// ---- Hosts ------------------------------------------------------------------------------------

/** The lower-cased host of an http(s) URL (without port), or "" when there is none. */
export function hostOf(url: string): string {
  const match = /^(?:[a-z+]{2,12}:)?\/\/(?:[^@/\s]{0,200}@)?(\[[0-9a-f:.]{2,60}\]|[^/:?#\s]{1,253})/i.exec(url);
  return match ? match[1].toLowerCase().replace(/\.$/, "") : "";
}

/** A host that is not on the public internet: a private mirror, a local registry, a LAN name. */
export function isPrivateHost(host: string): boolean {
  if (host === "" || !host.includes(".")) return host !== ""; // "nexus", "devpi:3141": a LAN name
  if (/^\[?(?:::1|fc|fd|fe80)/.test(host)) return true;
  const ip = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (ip) {
    const [a, b] = [Number(ip[1]), Number(ip[2])];
    return a === 10 || a === 127 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254);
  }
  // A name under internal, corp, intranet... (nexus.internal.acme.com) is a company's own network.
  return (
    /(?:^|\.)(?:localhost|local|internal|intranet|corp|lan|home\.arpa|localdomain|svc|cluster\.local)$/.test(host) ||
    /(?:^|\.)(?:internal|intranet|corp|private|lan)\./.test(host)
  );
}

/** Documentation hosts (RFC 2606, RFC 6761) and placeholders ("<your-registry>", "${HOST}", "your-company"). */
export function isExampleHost(host: string): boolean {
  return (
    /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid)$/.test(host) ||
    /[<>{}$%]|(?:^|[.-])(?:your|my|our)[-_]?(?:company|org|corp|domain|registry|mirror|host|server|artifactory|nexus)|mycompany|yourcompany|company\.com$|acme(?:corp)?[.-]/.test(host)
  );
}

/** `host` is `domain` or one of its subdomains. */
export function hostWithin(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
