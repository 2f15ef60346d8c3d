import type { ReactNode } from 'react';
import { ErrorBoundary } from '../error-boundary/ErrorBoundary';
import { PAPER_WIDTH_PX } from './paper-layout';
import './paper.css';

/** A strip of thermal paper at the preview's scale: white, a soft shadow, a torn bottom edge. */
export function Paper({
  label,
  caption,
  testId,
  busy = false,
  children,
}: {
  label: string;
  caption: string;
  testId: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className="paper-stage" aria-label={label}>
      <div className="paper" style={{ width: PAPER_WIDTH_PX }} data-testid={testId} aria-busy={busy}>
        <ErrorBoundary where="preview">{children}</ErrorBoundary>
      </div>
      <figcaption className="paper-caption">{caption}</figcaption>
    </figure>
  );
}
