/**
 * renderSvg's markup is a head (the <svg> element, its title and the paper rectangle), then one <g>
 * per printed line or code, then </svg>; no <g> nests and text is escaped, so every "<g " starts a
 * top-level child. Splitting there lets the preview replace only the lines a keystroke changed.
 */
export interface SvgParts {
  readonly head: string;
  readonly children: readonly string[];
}

const CLOSE = '</svg>';

export function splitSvg(markup: string): SvgParts {
  const bodyEnd = markup.endsWith(CLOSE) ? markup.length - CLOSE.length : markup.length;
  const firstChild = markup.indexOf('<g ');
  if (firstChild === -1 || firstChild > bodyEnd) return { head: markup.slice(0, bodyEnd), children: [] };
  return { head: markup.slice(0, firstChild), children: markup.slice(firstChild, bodyEnd).split(/(?=<g )/) };
}

/**
 * Where a child sits: baselines (`y`) and code positions (`transform`). Everything else in renderSvg's
 * markup is escaped text or fixed attributes, so ` y="` and ` transform="` only ever start these.
 */
const POSITION = / (y|transform)="([^"]*)"/g;

/** A child's markup with its position blanked: equal for a line that only moved up or down. */
export function positionFree(child: string): string {
  return child.replace(POSITION, ' $1=""');
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const applied = new WeakMap<Element, SvgParts>();
let parser: HTMLTemplateElement | undefined;

/** Parses SVG markup into nodes of the page's document; the HTML parser puts <svg> content in the SVG namespace. */
function parseSvg(markup: string): SVGSVGElement {
  parser ??= document.createElement('template');
  parser.innerHTML = markup;
  const svg = parser.content.firstElementChild;
  if (!(svg instanceof SVGSVGElement)) throw new Error('renderSvg produced no <svg> element');
  return svg;
}

/** Many children in one parse: a re-wrapped paragraph changes dozens of lines at once. */
function parseChildren(children: readonly string[]): Element[] {
  if (children.length === 0) return [];
  return [...parseSvg(`<svg xmlns="${SVG_NAMESPACE}">${children.join('')}</svg>`).children];
}

/** Moves a shown child to where `child` puts it, attribute by attribute, instead of rebuilding it. */
function moveTo(node: Element, child: string): void {
  const wanted: Record<string, string[]> = { y: [], transform: [] };
  for (const match of child.matchAll(POSITION)) wanted[match[1] ?? '']?.push(match[2] ?? '');
  for (const [name, values] of Object.entries(wanted)) {
    const elements = [node, ...node.querySelectorAll(`[${name}]`)].filter((element) => element.hasAttribute(name));
    elements.forEach((element, index) => {
      const value = values[index];
      if (value !== undefined && element.getAttribute(name) !== value) element.setAttribute(name, value);
    });
  }
}

/**
 * Shows `markup` inside `host`, touching only what differs from what is shown: lines before the change
 * stay, lines after it that only moved are moved, and only the lines really changed are parsed anew.
 * A keystroke then repaints what it changed, not the whole paper, which keeps typing at frame rate even
 * where the page is drawn without a GPU.
 */
export function patchSvg(host: Element, markup: string): void {
  const next = splitSvg(markup);
  const previous = applied.get(host);
  const svg = host.firstElementChild;
  if (previous === undefined || !(svg instanceof SVGSVGElement)) {
    host.replaceChildren(parseSvg(markup));
    applied.set(host, next);
    return;
  }
  const headCount = svg.childElementCount - previous.children.length;
  const shown = [...svg.children].slice(headCount);
  const before = previous.children;
  const after = next.children;

  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    positionFree(before[before.length - 1 - suffix] ?? '') === positionFree(after[after.length - 1 - suffix] ?? '')
  ) {
    suffix++;
  }

  for (let offset = 1; offset <= suffix; offset++) {
    const node = shown[shown.length - offset];
    const child = after[after.length - offset] ?? '';
    if (node !== undefined && before[before.length - offset] !== child) moveTo(node, child);
  }
  const removed = shown.slice(prefix, shown.length - suffix);
  const added = parseChildren(after.slice(prefix, after.length - suffix));
  const anchor = shown[shown.length - suffix] ?? null;
  for (const node of removed) node.remove();
  for (const node of added) svg.insertBefore(node, anchor);

  if (previous.head !== next.head) {
    // The paper's height (or title) changed: refresh the root's attributes and the nodes before the lines.
    const fresh = parseSvg(`${next.head}${CLOSE}`);
    for (const name of svg.getAttributeNames()) if (!fresh.hasAttribute(name)) svg.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) svg.setAttribute(name, fresh.getAttribute(name) ?? '');
    for (let index = 0; index < headCount; index++) svg.firstElementChild?.remove();
    svg.prepend(...fresh.children);
  }
  applied.set(host, next);
}
