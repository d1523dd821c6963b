// Regular expressions (ECMA-262 and Python `re` alike, so a third-party tester reading
// /openapi.json generates what they describe) for the text rules core/ checks in code. Each says
// at most what the code accepts: a request matching the document is never refused for its shape.

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

// Lengths are bounded by counted repetitions, not lookaheads: test generators cannot honour a
// lookahead and end up discarding nearly everything they generate.
/** A dot-atom local part of at most 64 characters (1 to 5 atoms; the API takes any number within the 64). */
const LOCAL_PART = `(?:${ATEXT}{1,64}|${ATEXT}{1,31}\\.${ATEXT}{1,32}|${ATEXT}{1,20}\\.${ATEXT}{1,20}\\.${ATEXT}{1,21}|(?:${ATEXT}{1,12}\\.){3,4}${ATEXT}{1,12})`;
/** A host name of 2 to 5 labels of at most 40 characters, with an alphabetic top-level label: at most 188 characters, so local@host stays within 254. */
const HOST = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}[A-Za-z0-9])?\\.){1,4}[A-Za-z]{2,24}';

/**
 * core/model/addresses.ts isValidAddress: a dot-atom local part of at most 64 characters, a host
 * name with an alphabetic top-level label, 254 characters in all. The pattern describes the
 * common part of that (see LOCAL_PART and HOST): every address it describes is accepted.
 */
const ADDRESS = `${LOCAL_PART}@${HOST}`;
export const EMAIL_ADDRESS = `^${ADDRESS}$`;

/**
 * parseMailbox: `addr@example.com` or `Display Name <addr@example.com>`. The display names
 * described are plain words (letters, digits, spaces and the dot-atom punctuation); the API also
 * takes quoted names, which a JSON Schema pattern cannot describe without also admitting lists.
 */
export const MAILBOX = `^(?:${ADDRESS}|[A-Za-z0-9!#$%&'*+/=?^_\`{|}~ .-]*<${ADDRESS}>)$`;

/** core/domains/domainRecords.ts parseSendingDomain: letters, digits and hyphens per label, at least two labels, an alphabetic top-level label; any case; a trailing root dot is ignored. */
export const DOMAIN_NAME = `^(?:${LABEL}\\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.?$`;

/** core/byoc/byocRole.ts parseByocRoleArn: an IAM role ARN naming exactly Service-BYOC-Role. */
export const BYOC_ROLE_ARN = '^arn:aws(?:-cn|-us-gov)?:iam::[0-9]{12}:role/Service-BYOC-Role$';

/** core/webhooks/webhookUrl.ts: an http or https URL without user name or password (whether the host resolves to a public address is checked when it is saved). */
export const WEBHOOK_URL =
  '^https?://(?:[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+\\])(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(?:[/?#][^\\s]*)?$';

/** Trimmed text that is not empty: at least one character JavaScript's trim() keeps. */
export const NOT_BLANK = '[^\\s\\uFEFF]';
