import { escapeXml } from '../../shared/receipt';
import { CHARGING_ORDER_STATUSES } from '../orders/lifecycle';
import { deviceMarkup, paperRollMarkup } from './view-markup';
import { terminalScript } from './view-script';
import { TERMINAL_PAGE_STYLE } from './view-style';
import { PAGE_TEXT, type PageLanguage } from './view-text';

/**
 * The terminal's page: the device (status, held action, buttons) and its paper roll, kept live by
 * polling the control API twice a second. Self-contained (inline CSS and JS, no external resource),
 * so it works offline and under the strict CSP the route sends.
 */
export function terminalPage(id: string, name: string, language: PageLanguage = 'en'): string {
  // JSON inside a <script>: "<" is escaped so no content can close the script element.
  const config = JSON.stringify({
    id,
    base: `/__sandbox/terminals/${encodeURIComponent(id)}`,
    charging: CHARGING_ORDER_STATUSES,
    text: PAGE_TEXT[language],
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(name)} · ${escapeXml(id)} · ${PAGE_TEXT[language].title}</title>
<style>
${TERMINAL_PAGE_STYLE}
</style>
</head>
<body>
${deviceMarkup(id, name, language)}
${paperRollMarkup(language)}
<script>
${terminalScript(config)}
</script>
</body>
</html>
`;
}
