// Secret redaction for scan output. A finding's excerpt (and its SARIF snippet) is copied from the file, so a scan of
// a curl line with a token in it, of a secret assignment, or of /proc/self/environ reached through --follow-symlinks
// would print the secret into a terminal, a CI log or a SARIF upload. Every output format redacts by default
// (`--no-redact` shows the text as found). Pure functions over excerpt text (already escaped by the scanner: a NUL
// byte reads "\u0000"), so the same redaction applies to text, JSON and SARIF.

/**
 * How much of a secret stays visible: its first REDACT_KEEP_CHARS (4) code units when it is at least
 * REDACT_KEEP_MIN_CHARS (12) long, else nothing, so a short password is never mostly shown. Four characters tell a
 * reviewer which key it is (`sk-a`, `ghp_`, `AKIA`) and 12 leaves at least 8 hidden.
 */
export const REDACT_KEEP_CHARS = 4;
export const REDACT_KEEP_MIN_CHARS = 12;

/** What stands in for the hidden part of a secret: `…[redacted N chars]` (N in UTF-16 code units). */
export function redactionMark(hidden: number): string {
  return `\u2026[redacted ${hidden} chars]`;
}

/** `secret` with all but its first few code units replaced by the redaction mark (see REDACT_KEEP_CHARS). */
export function maskSecret(secret: string): string {
  const keep = secret.length >= REDACT_KEEP_MIN_CHARS ? REDACT_KEEP_CHARS : 0;
  return secret.slice(0, keep) + redactionMark(secret.length - keep);
}

/** Characters a secret value is made of in a command line, an assignment or a URL. */
const VALUE = String.raw`[^\s"'\x60&;,<>()\\|]`;

/**
 * Token formats with a fixed prefix (the same families as the secret-literal rule in src/scan/rules.ts, plus AWS
 * session keys, GitLab, npm, Hugging Face, PyPI, SendGrid, Stripe and JSON Web Tokens), 8 or more characters after it.
 */
const KNOWN_TOKEN = new RegExp(String.raw`\b(?:sk-(?:ant-|proj-)?|sk_live_|rk_live_|gh[pousr]_|github_pat_|xox[abprs]-|AIza|AKIA|ASIA|glpat-|npm_|hf_|pypi-|SG\.|eyJ[\w-]{4,}\.)[\w.+/=-]{8,}`, "g");

/** The base64 body after a PEM private-key header, up to the excerpt's end or the END line. */
const PRIVATE_KEY = /(-----BEGIN [A-Z ]*PRIVATE KEY-----)((?:(?!-----END)[\s\S])+)/g;

/** An Authorization-style credential: `Bearer <token>`, `Basic <b64>`, `Token <t>`. */
const AUTH_SCHEME = new RegExp(String.raw`\b(Bearer|Basic|Token|Bot)(\s+)(${VALUE}{8,})`, "gi");

/**
 * A name that says its value is secret (key, token, secret, password, passwd, pwd, credential, auth, cookie, session,
 * private), then `=` or `:`, then the value: `OPENAI_API_KEY=…`, `password: …`, `-H "x-api-key: …"`, `?token=…`.
 * The value must look like a secret, not a word of prose or a reference: at least 6 characters holding a digit and a
 * letter, or at least 20 characters; `$VAR`, `${VAR}`, `%VAR%`, `<placeholder>` and `{{ template }}` are left alone.
 */
const ASSIGNMENT = new RegExp(String.raw`([\w.-]*(?:key|token|secret|passw(?:or)?d|pwd|credential|auth|cookie|session|private)[\w.-]*["']?\s*[:=]\s*["']?)(?![$%<{])(${VALUE}{6,})`, "gi");

/** A password in a URL's user info: `https://user:pass@host` (the part between ":" and "@"). */
const URL_PASSWORD = /(:\/\/[^\s/:@"']+:)([^\s/@"']+)(?=@)/g;

/** A curl/wget password: `-u user:pass`, `--user=user:pass`, `--password pass`, `--http-password=pass`. */
const CLI_PASSWORD = new RegExp(String.raw`((?:^|\s)(?:-u\s*|--user[=\s]\s*)["']?[^\s:"']+:|(?:^|\s)--(?:http-|ftp-)?password[=\s]\s*["']?)(${VALUE}{4,})`, "g");

/** How an escaped NUL byte appears in an excerpt (src/scan/scanner.ts excerpt()). */
const NUL = "\\u0000";

/** Whether a piece of text already holds a redaction mark (redaction is idempotent: a mark is never redacted again). */
function marked(value: string): boolean {
  return value.includes("\u2026[redacted");
}

function looksSecret(value: string): boolean {
  return value.length >= 20 || (/\d/.test(value) && /[a-z]/i.test(value));
}

/**
 * Redacts an environment block (NUL-separated `NAME=value` entries: /proc/<pid>/environ, `env -0`): every value is
 * hidden, whatever its name, since the block as a whole is where API keys live. The text before the first NUL is a
 * value's tail when it has no `=` (hidden too); a piece after the last NUL with no `=` is the start of a name (kept).
 */
function redactEnvironBlock(text: string): { text: string; count: number } {
  const parts = text.split(NUL);
  let count = 0;
  const out = parts.map((part, i) => {
    const eq = part.indexOf("=");
    if (eq > 0 && /^[A-Za-z_][\w.-]*$/.test(part.slice(0, eq)) && part.length > eq + 1 && !marked(part.slice(eq + 1))) {
      count++;
      return part.slice(0, eq + 1) + maskSecret(part.slice(eq + 1));
    }
    if (i === 0 && eq === -1 && part !== "" && !marked(part)) {
      count++;
      return maskSecret(part);
    }
    return part;
  });
  return { text: out.join(NUL), count };
}

/**
 * Hides the secrets in one excerpt or snippet: known token formats, private-key bodies, Authorization credentials,
 * values of secret-named assignments and headers, passwords in URLs and `-u user:pass`, and every value of an
 * environment block (text with escaped NULs between `NAME=value` entries). Each secret keeps its first 4 code units
 * when it is 12 or longer and the rest becomes `…[redacted N chars]` (see {@link maskSecret}).
 * @param text an excerpt as the scanner gives it (escaped, one line).
 * @param options.secret the finding is of the secret category (secret-literal, or a config rule with category
 *   "secret"): when no pattern above matched, everything after the excerpt's first 4 code units is hidden.
 * @returns the redacted text and how many secrets were hidden (0: `text` unchanged).
 */
export function redactSecrets(text: string, options: { secret?: boolean } = {}): { text: string; count: number } {
  let count = 0;
  let s = text.replace(PRIVATE_KEY, (all, head: string, body: string) => {
    if (marked(body)) return all;
    count++;
    return head + maskSecret(body);
  });
  s = s.replace(KNOWN_TOKEN, (token) => { count++; return maskSecret(token); });
  s = s.replace(AUTH_SCHEME, (all, scheme: string, gap: string, value: string) => {
    if (marked(value) || !looksSecret(value)) return all;
    count++;
    return scheme + gap + maskSecret(value);
  });
  s = s.replace(ASSIGNMENT, (all, head: string, value: string) => {
    // Already hidden by a pattern above (a known token after `KEY=`): the mark, not a value.
    if (marked(value) || !looksSecret(value)) return all;
    count++;
    return head + maskSecret(value);
  });
  for (const pattern of [URL_PASSWORD, CLI_PASSWORD]) {
    s = s.replace(pattern, (all, head: string, value: string) => {
      if (marked(value)) return all;
      count++;
      return head + maskSecret(value);
    });
  }
  if (s.includes(NUL) && /(?:^|\\u0000)[A-Za-z_][\w.-]*=/.test(s)) {
    const env = redactEnvironBlock(s);
    s = env.text;
    count += env.count;
  }
  if (count === 0 && options.secret === true && s.length > REDACT_KEEP_CHARS && !marked(s)) {
    count++;
    s = s.slice(0, REDACT_KEEP_CHARS) + redactionMark(s.length - REDACT_KEEP_CHARS);
  }
  return { text: s, count };
}
