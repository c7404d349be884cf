/**
 * RFC 5321 limits, counted in octets of the ASCII form (section 4.5.3.1; 254 = the 256-octet path less
 * "<>", which also keeps the domain within its 253).
 */
const maxAddressLength = 254;
const maxLocalPartLength = 64;
const maxLabelLength = 63;

/** RFC 5322 `atext`: what a dot-atom local part may hold between its dots. */
const atext = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
/** A domain label: letters (any script, for internationalised domains), digits, inner hyphens. */
const label = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const ldh = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const allDigits = /^[0-9]+$/;

/** The domain's ASCII (punycode) form, through the WHATWG URL parser present in browsers and Node alike. */
const asciiDomain = (domain: string): string | undefined => {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
};

/**
 * An address a mail server will take: `local@domain` where the local part is a dot-atom (no quoted
 * strings, no comments, ASCII) and the domain has at least two labels of letters, digits and inner
 * hyphens (internationalised domains accepted, measured in their punycode form), not an IP literal
 * and not an all-numeric top-level label. The RFC 5321 lengths hold. Surrounding spaces are refused:
 * trimming is the form's job.
 */
export const validateEmail = (value: string): "validation.invalidEmail" | null => {
  const invalid = "validation.invalidEmail";
  const at = value.lastIndexOf("@");
  if (at <= 0 || value.indexOf("@") !== at) return invalid;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > maxLocalPartLength || !local.split(".").every((atom) => atext.test(atom)))
    return invalid;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return invalid;
  const ascii = asciiDomain(domain);
  if (ascii === undefined) return invalid;
  const asciiLabels = ascii.split(".");
  if (asciiLabels.length !== labels.length) return invalid;
  if (!asciiLabels.every((part) => part.length <= maxLabelLength && ldh.test(part))) return invalid;
  const topLevel = asciiLabels.at(-1) ?? "";
  if (topLevel.length < 2 || allDigits.test(topLevel)) return invalid;
  if (local.length + 1 + ascii.length > maxAddressLength) return invalid;
  return null;
};
