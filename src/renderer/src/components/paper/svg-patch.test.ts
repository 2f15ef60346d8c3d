import { describe, expect, it } from 'vitest';
import { layout, parse, renderSvg } from '../../../../shared/receipt';
import { positionFree, splitSvg } from './svg-patch';

const svgOf = (content: string) => renderSvg(layout(parse(content).document), { title: 'Receipt' });

describe('splitting the preview SVG', () => {
  it('gives one child per printed line and code, which put back together make the whole', () => {
    const markup = svgOf('{center}{b}LA ESQUINA{/b}{/center}\nCafé  $2.500\n{qr}https://x.example{/qr}\n{s}<gracias> & "adiós"{/s}');
    const { head, children } = splitSvg(markup);
    expect(head.startsWith('<svg ')).toBe(true);
    expect(head).toContain('receipt-paper-background');
    expect(children).toHaveLength(4);
    expect(children.every((child) => child.startsWith('<g ') && child.endsWith('</g>'))).toBe(true);
    expect(`${head}${children.join('')}</svg>`).toBe(markup);
  });

  it('changes one child when one line changes, and the head only when the height does', () => {
    const before = splitSvg(svgOf('uno\ndos\ntres'));
    const after = splitSvg(svgOf('uno\ndosx\ntres'));
    expect(after.head).toBe(before.head);
    expect(after.children.map((child, index) => child === before.children[index])).toEqual([true, false, true]);
    expect(splitSvg(svgOf('uno\ndos\ntres\ncuatro')).head).not.toBe(before.head);
  });

  it('handles blank paper', () => {
    const markup = svgOf('');
    expect(splitSvg(markup)).toEqual({ head: markup.slice(0, -'</svg>'.length), children: [] });
  });

  it('sees a line that only moved down as the same line, and a changed line as different', () => {
    const before = splitSvg(svgOf('uno\ndos\n{qr}https://x.example{/qr}\ntres'));
    const after = splitSvg(svgOf('uno\ncero\ndos\n{qr}https://x.example{/qr}\ntres'));
    expect(after.children).toHaveLength(5);
    const [, , dos, code, tres] = after.children;
    expect(dos).not.toBe(before.children[1]);
    expect(positionFree(dos ?? '')).toBe(positionFree(before.children[1] ?? ''));
    expect(positionFree(code ?? '')).toBe(positionFree(before.children[2] ?? ''));
    expect(positionFree(tres ?? '')).toBe(positionFree(before.children[3] ?? ''));
    expect(positionFree(after.children[1] ?? '')).not.toBe(positionFree(before.children[1] ?? ''));
  });
});
