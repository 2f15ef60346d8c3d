import type { AuditEntry } from '../../../../shared/ipc/channels/staff';
import { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { useTerminalLabel } from '../../api/terminal-names';
import { useStoreCurrency } from '../../api/terminal-sales';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { parseAuditDetail, type AuditDetailField } from './audit-detail';
import { staffMessages } from './messages';

const ROLES = ['owner', 'manager', 'cashier'] as const;
const PERMISSIONS = ['refund', 'cancelOthers', 'reprint', 'priceOverride'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/**
 * An audit entry's details in words: the terminal by its names, amounts as money, kinds and roles in the
 * screen's language. What was recorded stays whole in the cell's title, for whoever supports the store.
 */
export function AuditDetail({ entry }: { entry: AuditEntry }) {
  const t = useFeatureT(staffMessages);
  const language = useLanguage();
  const currency = useStoreCurrency();
  const terminal = useTerminalLabel({ readList: true });
  const money = (amount: number | string): string => {
    try {
      return formatMoney(amount, currency, language);
    } catch {
      return String(amount);
    }
  };
  const valueOf = ({ key, value }: AuditDetailField): string => {
    switch (key) {
      case 'terminalId':
        return terminal(value).text;
      case 'amount':
        return money(value);
      case 'countedCashCents':
        return /^\d+$/.test(value) ? money(Number(value)) : value;
      case 'subtype':
        return PrintSubtype.safeParse(value).success ? t(`subtype.${value as PrintSubtype}`) : value;
      case 'role':
        return isOneOf(ROLES, value) ? t(`role.${value}`) : value;
      case 'olderThanDays':
        return fillMessage(t('detail.days'), { count: value });
      case 'seconds':
        return value === '0' ? t('detail.never') : fillMessage(t('detail.secondsValue'), { count: value });
      case 'environment':
        return value === 'sandbox' || value === 'production' ? t(`detail.env.${value}`) : value;
      case 'language':
        return value === 'en' ? 'English' : value === 'es' ? 'Español' : value;
      case 'kind':
        return value === 'sale' || value === 'refund' ? t(`detail.kind.${value}`) : value;
      default:
        return value;
    }
  };
  const fields = parseAuditDetail(entry.detail);
  const text =
    fields !== null
      ? fields.map((field) => `${t(`detail.${field.key}`)}: ${valueOf(field)}`).join(' · ')
      : entry.action === 'refused' && isOneOf(PERMISSIONS, entry.detail)
        ? fillMessage(t('detail.missing'), { what: t(`permission.${entry.detail}`) })
        : entry.detail === 'demo start'
          ? t('detail.demoStart')
          : entry.detail;
  return (
    <td className="audit-detail" title={entry.detail === '' ? undefined : fillMessage(t('detail.raw'), { raw: entry.detail })} data-raw={entry.detail}>
      {text}
    </td>
  );
}
