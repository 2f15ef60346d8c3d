import { describe, expect, it } from 'vitest';
import { decodeXmlFile } from './xml-file';

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (character) => character.charCodeAt(0));

describe('reading an XML file', () => {
  it('honours an ISO-8859-1 declaration', () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?><RznSoc>PANADERÍA ÑUÑOA</RznSoc>';
    expect(decodeXmlFile(latin1(xml))).toBe(xml);
  });

  it('reads UTF-8 by default, with or without a byte order mark', () => {
    const xml = '<?xml version="1.0"?><a>ñandú</a>';
    const bytes = new TextEncoder().encode(xml);
    expect(decodeXmlFile(bytes)).toBe(xml);
    expect(decodeXmlFile(Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes))).toBe(xml);
  });

  it('falls back to UTF-8 for an encoding it does not know', () => {
    expect(decodeXmlFile(new TextEncoder().encode('<?xml version="1.0" encoding="x-klingon"?><a/>'))).toContain('<a/>');
  });
});
