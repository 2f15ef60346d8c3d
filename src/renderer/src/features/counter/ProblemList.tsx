import { fillMessage, useFeatureT } from '../../i18n';
import { counterMessages } from './messages';
import type { DisplayProblem } from './receipt-analysis';

/** Every problem of the receipt; choosing one selects its text in the editor. */
export function ProblemList({ id, problems, onSelect }: { id: string; problems: readonly DisplayProblem[]; onSelect(problem: DisplayProblem): void }) {
  const t = useFeatureT(counterMessages);
  if (problems.length === 0) {
    return (
      <p id={id} className="problems-clear" data-testid="receipt-problems">
        <span aria-hidden="true">✓ </span>
        {t('problems.none')}
      </p>
    );
  }
  return (
    <ol id={id} className="problem-list" aria-label={t('problems.label')} data-testid="receipt-problems">
      {problems.map((problem, index) => (
        <li key={`${problem.code}-${problem.start}-${index}`}>
          <button type="button" className={`problem problem-${problem.severity}`} onClick={() => onSelect(problem)} data-code={problem.code}>
            <span className="problem-badge">{t(problem.severity === 'error' ? 'problems.error' : 'problems.warning')}</span>
            <span className="problem-message">{problem.message}</span>
            <span className="problem-where">{fillMessage(t('problems.where'), { line: problem.line, column: problem.column })}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
