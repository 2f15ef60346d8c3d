/**
 * The text of an XML file as its author meant it. DTEs are usually declared ISO-8859-1, and reading
 * one as UTF-8 would turn every ñ and é of the names into U+FFFD before the terminal ever saw them.
 */
export function decodeXmlFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
  }
  // The declaration is ASCII in every encoding a DTE uses, so it can be read before choosing one.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    // An encoding the platform cannot name is read as UTF-8, the XML default.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
