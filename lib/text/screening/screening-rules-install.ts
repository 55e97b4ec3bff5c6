// Installs from somewhere else than the package's own registry: an index or registry override to
// an unknown public host (pip --index-url / --extra-index-url, npm --registry, .npmrc registry=,
// PIP_INDEX_URL=...), a package straight from a URL (pip install git+https://..., npm install
// https://.../x.tgz) on a host that is not a code host, and typosquats of the most-installed
// packages ("reqeusts", "python-dateutils", "crossenv"). Private mirrors are ordinary: hosts that
// are not on the public internet (.internal, .corp, 10.x...), hosted registry products
// (Artifactory, Nexus, CodeArtifact...), the official mirrors and the vendors' own indexes
// (download.pytorch.org, pypi.nvidia.com...) are trusted, and so are placeholders and example hosts.
import { g, hostOf, hostWithin, isExampleHost, isPrivateHost, src } from "./screening-blocks";
import type { RuleContext, ScreeningRule } from "./screening-types";

/** Package indexes and registries, official or hosted, by domain (a subdomain counts) or URL prefix. */
export const TRUSTED_PACKAGE_SOURCES: readonly string[] = [
  // Python
  "pypi.org", "pypi.python.org", "files.pythonhosted.org", "test.pypi.org", "download.pytorch.org", "pypi.nvidia.com",
  "pypi.ngc.nvidia.com", "developer.download.nvidia.com", "data.pyg.org", "dl.fbaipublicfiles.com", "download.openmmlab.com",
  "storage.googleapis.com/jax-releases", "abetlen.github.io/llama-cpp-python", "flashinfer.ai/whl", "wheels.vllm.ai",
  "pypi.tuna.tsinghua.edu.cn", "mirrors.tuna.tsinghua.edu.cn", "mirrors.aliyun.com", "pypi.mirrors.ustc.edu.cn",
  "mirrors.cloud.tencent.com", "pypi.douban.com", "pypi.doubanio.com", "mirror.baidu.com", "repo.huaweicloud.com",
  "mirrors.bfsu.edu.cn", "mirror.sjtu.edu.cn", "conda.anaconda.org", "repo.anaconda.com",
  // JavaScript
  "registry.npmjs.org", "registry.npmjs.com", "registry.yarnpkg.com", "npm.pkg.github.com", "registry.npmmirror.com",
  "npmmirror.com", "registry.npm.taobao.org", "jsr.io", "npm.jsr.io",
  // Hosted registries and code hosts
  "jfrog.io", "jfrog.com", "pkgs.dev.azure.com", "pkgs.visualstudio.com", "cloudsmith.io", "cloudsmith.com", "fury.io",
  "gemfury.com", "packagecloud.io", "pkg.dev", "codeartifact.", "gitlab.com", "github.com", "bitbucket.org", "codeberg.org",
  "git.sr.ht", "huggingface.co", "crates.io", "rubygems.org", "proxy.golang.org", "repo.maven.apache.org", "repo1.maven.org",
];
// Registry products a company runs for itself, named in the host or the path.
const MIRROR_PRODUCT = /(?:^|[./-])(?:artifactory|nexus|devpi|verdaccio|proget|pulp|bandersnatch|sonatype|codeartifact|cloudsmith|gemfury|pypiserver|azure-artifacts)(?:[./-]|$)/;

/** Whether an index or download URL points somewhere a package may come from without a second look. */
export function isTrustedPackageSource(url: string): boolean {
  const host = hostOf(url.includes("://") ? url : `https://${url}`);
  if (host === "" || isPrivateHost(host) || isExampleHost(host)) return true;
  const path = url.replace(/^[a-z+]{2,12}:\/\/(?:[^@/]{0,200}@)?/i, "").toLowerCase();
  if (MIRROR_PRODUCT.test(host) || MIRROR_PRODUCT.test(path.slice(host.length, host.length + 60))) return true;
  return TRUSTED_PACKAGE_SOURCES.some((source) =>
    source.includes("/") ? path.startsWith(source) : source.endsWith(".") ? host.includes(source) : hostWithin(host, source),
  );
}

/** Where software is downloaded from, officially (installers, release archives, OS package repositories). */
export const TRUSTED_DOWNLOAD_HOSTS: readonly string[] = [
  "python.org", "nodejs.org", "go.dev", "golang.org", "rust-lang.org", "adoptium.net", "oracle.com", "java.com", "microsoft.com",
  "visualstudio.com", "apple.com", "hashicorp.com", "docker.com", "postgresql.org", "mysql.com", "sqlite.org", "mozilla.org",
  "google.com", "googleapis.com", "jetbrains.com", "anaconda.com", "ubuntu.com", "debian.org", "fedoraproject.org",
  "kernel.org", "gnu.org", "sourceforge.net", "nodesource.com", "yarnpkg.com", "mongodb.org", "opensuse.org",
  "launchpad.net", "launchpadcontent.net", "githubusercontent.com", "nvidia.com", "cudnn.nvidia.com", "intel.com", "amd.com",
  "tailscale.com", "cloudflare.com", "grafana.com", "elastic.co", "redis.io", "nginx.org", "apache.org", "eclipse.org",
];

function isTrustedDownload(url: string): boolean {
  if (isTrustedPackageSource(url)) return true;
  const host = hostOf(url);
  return TRUSTED_DOWNLOAD_HOSTS.some((domain) => hostWithin(host, domain));
}

const acceptForeignDownload = (_found: string, { groups }: RuleContext) => !isTrustedDownload(groups[1] ?? "");

// Commands that install Python or JavaScript packages, and what follows them on the line.
const PY_INSTALL = src`(?:\b(?:pip[\d.]{0,4}|python[\d.]{0,5} -m pip|uv pip|pipx|pipenv|pdm|micromamba|mamba|conda)\b (?:install|add|inject)|\b(?:uv|poetry|pdm|rye|hatch) add)\b`;
const JS_INSTALL = src`(?:\b(?:npm|pnpm|bun|cnpm) (?:install|i|add|isntall)|\byarn(?: global)? add|\bnpx|\bpnpm dlx|\bbunx|\byarn dlx)\b`;

/** Every URL-valued override on the line, as [flag, value]. */
const INDEX_FLAG = src`(?:--(?:extra-)?index-url|--index|--default-index|-i|--find-links|-f|--trusted-host|--registry|--source)`;

function acceptForeignSource(_found: string, { groups }: RuleContext): boolean {
  const value = (groups.slice(1).find((group) => group !== undefined && group !== "") ?? "").replace(/^["']|["']$/g, "");
  return value !== "" && !isTrustedPackageSource(value);
}

// ---- Typosquats ---------------------------------------------------------------------------------

/** The most-installed (and most-squatted) names of each registry, normalized (lower case, -_. as -). */
export const POPULAR_PACKAGES: Readonly<Record<"pypi" | "npm", readonly string[]>> = {
  pypi: [
    "requests", "urllib3", "python-dateutil", "beautifulsoup4", "colorama", "setuptools", "numpy", "pandas", "django",
    "flask", "boto3", "botocore", "pillow", "matplotlib", "tensorflow", "scikit-learn", "cryptography", "selenium",
    "pyyaml", "openai", "anthropic", "transformers", "langchain", "pydantic", "fastapi", "uvicorn", "sqlalchemy",
    "psycopg2", "pymongo", "redis", "celery", "paramiko", "certifi", "charset-normalizer", "idna", "packaging",
    "virtualenv", "pytest", "httpx", "aiohttp", "jinja2", "click", "scipy", "seaborn", "keras", "pytorch", "torchvision",
    "opencv-python", "pyjwt", "pycryptodome", "docker", "kubernetes", "gunicorn", "openpyxl", "xlsxwriter", "lxml",
    "pymysql", "mysqlclient", "psutil", "pyopenssl", "websocket-client", "websockets", "python-dotenv", "tqdm",
    "pypdf", "pdfplumber", "pymupdf", "pytesseract", "discord-py", "tweepy", "streamlit", "gradio", "nltk", "spacy",
    "huggingface-hub", "datasets", "tokenizers", "accelerate", "sentence-transformers", "llama-index", "chromadb",
    "playwright", "pyautogui", "pyinstaller", "wheel", "twine", "attrs", "marshmallow", "arrow", "pendulum",
  ],
  npm: [
    "react", "react-dom", "lodash", "express", "axios", "chalk", "commander", "moment", "request", "debug", "dotenv",
    "cross-env", "typescript", "webpack", "eslint", "prettier", "vitest", "jquery", "electron", "mongoose", "mysql",
    "redis", "socket.io", "body-parser", "nodemon", "babel-cli", "node-fetch", "discord.js", "ethers", "web3",
    "colors", "yargs", "inquirer", "sharp", "puppeteer", "playwright", "openai", "next", "nuxt", "svelte", "angular",
    "rxjs", "underscore", "bluebird", "async", "uuid", "classnames", "styled-components", "tailwindcss", "postcss",
    "autoprefixer", "vite", "rollup", "esbuild", "jsonwebtoken", "bcrypt", "bcryptjs", "passport", "cors", "helmet",
    "morgan", "winston", "pino", "ws", "graphql", "apollo-server", "prisma", "sequelize", "knex", "pg", "sqlite3",
    "better-sqlite3", "zod", "yup", "formik", "react-router", "react-router-dom", "redux", "mobx", "date-fns",
    "dayjs", "node-sass", "sass", "coffee-script", "event-stream", "ua-parser-js", "coa", "rc", "eslint-scope",
  ],
};

/** Real packages one edit away from a popular one: the original, an old major, a different project. */
export const LEGITIMATE_NEIGHBOURS: ReadonlySet<string> = new Set([
  "preact", "mysql2", "mssql", "color", "jinja", "pyaml", "boto", "psycopg", "pypdf2", "pypdf3", "pypdf4", "pymupdfb",
  "beautifulsoup", "discord", "attr", "scapy", "radio", "openapi", "websocket", "dataset", "requests", "expresso",
  "sqlite", "dotenvx", "prism",
]);

/** Optimal string alignment distance, stopping as soon as it exceeds 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return (
    restA.slice(1) === restB.slice(1) || // substitution
    restA.slice(1) === restB || // deletion
    restA === restB.slice(1) || // insertion
    (restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)) // transposition
  );
}

export function normalizePackageName(name: string, registry: "pypi" | "npm"): string {
  const lower = name.toLowerCase();
  return registry === "pypi" ? lower.replace(/[-_.]+/g, "-") : lower;
}

/** The popular package `name` imitates (one edit away, not itself a known package), or null. */
export function typosquatOf(name: string, registry: "pypi" | "npm"): string | null {
  const normal = normalizePackageName(name, registry);
  if (normal.length < 5 || LEGITIMATE_NEIGHBOURS.has(normal)) return null;
  const popular = POPULAR_PACKAGES[registry];
  if (popular.includes(normal)) return null;
  // A scoped or suffixed name ("@types/react", "react-dom-x") is a different package, not a typo.
  return popular.find((original) => original.length >= 5 && withinOneEdit(normal, original)) ?? null;
}

// Options of install commands that take a value: their value is not a package.
const VALUED_OPTION = /^(?:-[rceiftbp]|--(?:requirement|constraint|index-url|extra-index-url|find-links|trusted-host|target|prefix|root|src|editable|python|platform|registry|cache|prefix|tag|save-prefix|workspace|filter|channel|source|group|only|with|without|dir|cwd|config|index|default-index|extra|profile))$/;

/** The package names of an install command's arguments (versions, extras, options and paths dropped). */
export function packagesOf(args: string, registry: "pypi" | "npm"): string[] {
  const names: string[] = [];
  const tokens = args.trim().split(/\s+/);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i].replace(/^["'`(]+|["'`,;:.!?)]+$/g, "");
    if (token === "" || /^(?:&&|\|\||\||;|#|>|<)/.test(token)) break;
    if (token.startsWith("-")) {
      if (VALUED_OPTION.test(token)) i++;
      continue;
    }
    if (/[/\\:]|^\.|\.(?:whl|tar\.gz|tgz|zip|txt|toml|json|cfg)$/.test(token) && !(registry === "npm" && /^@[\w.-]+\/[\w.-]+/.test(token))) continue;
    const name = registry === "pypi" ? token.replace(/\[.*$/, "").split(/[=<>!~;@]/)[0] : token.replace(/^(@?[^@]+)@.*$/, "$1");
    if (/^@?[a-z0-9][\w.-]{0,80}(?:\/[\w.-]{1,80})?$/i.test(name)) names.push(name);
  }
  return names;
}

function acceptTyposquat(registry: "pypi" | "npm") {
  return (_found: string, { groups }: RuleContext) => packagesOf(groups[1] ?? "", registry).some((name) => typosquatOf(name, registry) !== null);
}

export const INSTALL_RULES: readonly ScreeningRule[] = [
  {
    // pip install x --extra-index-url https://pypi.x.dev/simple, npm i x --registry https://npm.x.io
    id: "ui.index-override",
    kind: "untrusted_install",
    view: "normal",
    gates: [["--index", "--extra-index", "--default-index", "-i ", "-i=", "--find-links", "-f ", "-f=", "--trusted-host", "--registry", "--source"]],
    pattern: g(src`(?:${PY_INSTALL}|${JS_INSTALL}|\b(?:pip|uv|npm|pnpm|yarn)\b)[^\n;|&]{0,160}?(?<![\w-])${INDEX_FLAG}[ =]["']?([^\s"'\x60]{3,300})`),
    guards: ["discussion", "negation", "example"],
    accept: acceptForeignSource,
  },
  {
    // PIP_INDEX_URL=..., npm config set registry ..., .npmrc "registry=", pip.conf "extra-index-url =", yarn npmRegistryServer.
    id: "ui.registry-config",
    kind: "untrusted_install",
    view: "normal",
    gates: [["index", "find_links", "trusted_host", "registry", "config set", "poetry source"]],
    pattern: g(
      src`\b(?:pip_(?:extra_)?index_url|pip_find_links|pip_trusted_host|uv_(?:extra_)?index_url|uv_index|uv_default_index|npm_config_registry|yarn_registry|yarn_npm_registry_server|poetry_repositories_\w{1,40}_url)=["']?([^\s"'\x60]{3,300})|\b(?:npm|pnpm|yarn) config set (?:@[\w-]{1,60}:)?(?:registry|npmregistryserver) ["']?([^\s"'\x60]{3,300})|\bpip[\d.]{0,4} config set (?:global|user|site)\.(?:extra-)?index-url ["']?([^\s"'\x60]{3,300})|\bpoetry source add (?:--[\w-]{1,20} ){0,3}[\w.-]{1,60} ["']?([^\s"'\x60]{3,300})|(?:^|[\s"'\x60])(?:@[\w-]{1,60}:)?(?:registry|(?:extra-)?index-url|index_url|npmregistryserver) ?[=:] ?["']?(https?://[^\s"'\x60]{3,300})`,
    ),
    guards: ["discussion", "negation", "example"],
    accept: acceptForeignSource,
  },
  {
    // pip install git+https://evil.dev/x.git, pip install https://1.2.3.4/pkg.whl, npm i https://x.io/p.tgz
    id: "ui.install-from-url",
    kind: "untrusted_install",
    view: "normal",
    gates: [["://"], ["install", "add", "inject", "npx", "dlx", "bunx", "cargo", "gem"]],
    pattern: g(src`(?:${PY_INSTALL}|${JS_INSTALL}|\bcargo install\b[^\n]{0,60}?--git|\bgem install\b[^\n]{0,60}?--source)[^\n;|&]{0,120}?(?:[\w.-]{1,80} ?@ ?)?((?:git\+)?(?:https?|ssh|git|ftp)://[^\s"'\x60)]{3,300})`),
    guards: ["discussion", "negation", "example"],
    accept: acceptForeignSource,
  },
  {
    // "Download https://x.dev/pdfkit-2.0-py3-none-any.whl and pip install it", "grab the .deb from ... and dpkg -i it".
    id: "ui.download-and-install",
    kind: "untrusted_install",
    view: "normal",
    gates: [["http"], ["install", "dpkg", "rpm", "run", "execute", "open", "double-click", "sideload", "load"]],
    pattern: g(
      src`\b(?:download|get|grab|fetch|wget|curl)\b[^.\n]{0,40}?(https?://[^\s"'\x60)]{3,300}\.(?:whl|tar\.gz|tgz|zip|egg|deb|rpm|msi|exe|pkg|dmg|appimage|jar|vsix|crx|xpi|apk))\b[^.\n]{0,80}?\b(?:install|dpkg -i|rpm -i|run|execute|open|double-click|sideload|load)\b`,
    ),
    guards: ["discussion", "negation", "example"],
    accept: acceptForeignDownload,
  },
  {
    // deb https://apt.x.io stable main, dnf config-manager --add-repo https://x.io/x.repo
    id: "ui.os-repository",
    kind: "untrusted_install",
    view: "normal",
    gates: [["deb ", "deb-src", "add-repo", "addrepo", "zypper ar"]],
    pattern: g(
      src`\bdeb(?:-src)? (?:\[[^\]\n]{0,120}\] )?(https?://[^\s"'\x60]{3,200})|\b(?:yum-config-manager|dnf config-manager) --add-repo[ =](https?://[^\s"'\x60]{3,200})|\bzypper (?:addrepo|ar) (?:-[\w-]{1,10} ){0,3}(https?://[^\s"'\x60]{3,200})`,
    ),
    guards: ["discussion", "negation", "example"],
    accept: (_found, { groups }) => {
      const url = groups.slice(1).find((group) => group !== undefined) ?? "";
      return !isTrustedDownload(url);
    },
  },
  {
    id: "ui.typosquat-pypi",
    kind: "untrusted_install",
    view: "normal",
    gates: [["install", "inject", "add"]],
    pattern: g(src`${PY_INSTALL}([^\n;|&#]{1,300})`),
    guards: ["discussion", "negation"],
    accept: acceptTyposquat("pypi"),
  },
  {
    id: "ui.typosquat-npm",
    kind: "untrusted_install",
    view: "normal",
    gates: [["install", "isntall", " add", "npx", "dlx", "bunx", " i "]],
    pattern: g(src`${JS_INSTALL}([^\n;|&#]{1,300})`),
    guards: ["discussion", "negation"],
    accept: acceptTyposquat("npm"),
  },
  {
    // A requirements line or a pin in prose: "reqeusts==2.31.0", "python-dateutils>=2.8".
    id: "ui.typosquat-pin",
    kind: "untrusted_install",
    view: "normal",
    gates: [["==", ">=", "~=", "<="]],
    pattern: g(src`(?<![\w.-])([a-z][\w.-]{3,60})(?:\[[\w,-]{1,60}\])? ?(?:==|>=|~=|<=)\d`),
    accept: (_found, { groups }) => typosquatOf(groups[1] ?? "", "pypi") !== null,
  },
];
