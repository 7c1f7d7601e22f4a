/** The addresses typed into the email-certificate box: split at commas (and semicolons), trimmed, blanks and repeats dropped. */
export function splitEmailList(text: string): string[] {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const address = part.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    addresses.push(address);
  }
  return addresses;
}

/** What the send button says: who the certificate is about to go to. */
export function recipientsSummary(addresses: readonly string[]): string {
  if (addresses.length === 0) return 'No addresses yet';
  if (addresses.length === 1) return `To ${addresses[0]}`;
  return `To ${addresses.length} addresses`;
}

/**
 * The server's field errors for the email box: `email` itself and any per-address `email.N`
 * (naming the address it is about when the index is known), in one list for under the field.
 */
export function emailFieldMessages(fieldErrors: Record<string, string[]>, addresses: readonly string[]): string[] {
  const messages: string[] = [];
  for (const [field, list] of Object.entries(fieldErrors)) {
    const match = /^email(?:\.(\d+))?$/.exec(field);
    if (!match) continue;
    const address = match[1] === undefined ? undefined : addresses[Number(match[1])];
    for (const message of list) messages.push(address && !message.includes(address) ? `${address}: ${message}` : message);
  }
  return [...new Set(messages)];
}
