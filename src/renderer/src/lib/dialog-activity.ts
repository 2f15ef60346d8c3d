import { getBridge } from '../api/bridge';

/** Tells main how many dialogs are open whenever that changes: an update never goes in under an open one. */
export function reportOpenDialogs(): void {
  let last = 0;
  const report = (): void => {
    const open = document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]').length;
    if (open === last) return;
    last = open;
    void getBridge()
      ?.invoke('ui.dialogs', { open: Math.min(open, 100) })
      .catch(() => undefined);
  };
  new MutationObserver(report).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'role'] });
}
