import { randomUUID } from 'node:crypto';
import { newExternalReference, referenceSuffix } from '../../../shared/print/external-reference';
import type { EnqueuePrintRequest } from '../../../shared/ipc/channels/prints';
import { CONTENT_MAX_BYTES, isStrictBase64, utf8ByteLength } from '../../../shared/platform/terminal-actions';
import type { Language } from '../../../shared/ipc/channels/app';
import { DTE_PROBLEMS } from '../../../shared/i18n/dte-problems';
import { textOf } from '../../../shared/i18n/text';
import { checkDteXml, type DteProblem } from '../../../shared/platform/dte';
import { cashierMessage } from '../platform/messages';
import type { QueueContext } from './context';
import { PrintQueueError } from './errors';
import { queuedPrint } from './records';
import type { JournalPrint } from '../history/records/print';

const PREVIEW_CHARS = 80;

export interface IntakeHooks {
  /** The terminal's operating mode when known, to refuse non-PDV early. */
  operatingModeOf?: (terminalId: string) => string | undefined;
  /** Tells the renderer of the new print. */
  announce(print: Readonly<JournalPrint>): void;
  /** Starts the terminal's queue (the create is prepared while the journal write runs). */
  laneMayMove(terminalId: string): void;
  /** Who makes the print now (the signed-in caller and any approver), kept with it. */
  actor?: () => JournalPrint['madeBy'];
}

/** Enqueue: checks a print, journals it with its idempotency key, and hands it to its terminal's lane. */
export class Intake {
  /** Journal writes of new prints still on their way to disk: their first request waits for them. */
  private readonly notYetDurable = new Map<string, Promise<void>>();

  constructor(
    private readonly context: QueueContext,
    private readonly hooks: IntakeHooks,
  ) {}

  durableOf(id: string): Promise<void> | undefined {
    return this.notYetDurable.get(id);
  }

  /** Journals the print and starts sending it; resolves with the print as enqueued once it is durable. */
  async add(request: EnqueuePrintRequest, reprintOf: string | null, fixedId?: string, madeBy?: JournalPrint['madeBy']): Promise<Readonly<JournalPrint>> {
    const { journal, clock, lanes } = this.context;
    if (this.context.isClosed()) throw new PrintQueueError('journal_unavailable', undefined);
    this.check(request);
    const now = clock.now();
    const record = queuedPrint({
      // A fixed id (a store command's) makes a repeated request find the print instead of making another.
      id: fixedId ?? randomUUID(),
      seq: journal.nextSeq(),
      terminalId: request.terminalId,
      subtype: request.subtype,
      externalReference: request.externalReference ?? newExternalReference(now, this.context.random),
      idempotencyKey: fixedId ?? randomUUID(),
      at: now,
      contentBytes: utf8ByteLength(request.content),
      contentPreview: request.subtype === 'custom' ? request.content.slice(0, PREVIEW_CHARS) : '',
      reprintOf,
      madeBy: madeBy !== undefined ? madeBy : (this.hooks.actor?.() ?? null),
    });
    const { durable } = journal.append(record, request.content);
    lanes.of(record.terminalId).active.push(record.id);
    this.notYetDurable.set(record.id, durable);
    // The answer is the print as enqueued, even if its first request is already out when it returns.
    const enqueued: Readonly<JournalPrint> = { ...record, history: [...record.history] };
    this.hooks.announce(enqueued);
    // Sending starts now, so the request is prepared while the fsync runs; it goes out once durable.
    this.hooks.laneMayMove(record.terminalId);
    try {
      await durable;
    } catch (error) {
      lanes.remove(record.terminalId, record.id);
      throw new PrintQueueError('journal_unavailable', undefined, error instanceof Error ? error.message : String(error));
    } finally {
      this.notYetDurable.delete(record.id);
    }
    return enqueued;
  }

  /** A reprint's reference: the original's, marked as a reprint (the platform caps it at 64 characters). */
  reprintReference(original: string): string {
    return `${original.slice(0, 55)}-R${referenceSuffix(6, this.context.random)}`;
  }

  private check(request: EnqueuePrintRequest): void {
    if (utf8ByteLength(request.content) > CONTENT_MAX_BYTES) throw new PrintQueueError('content_too_large', 400);
    if (request.subtype === 'image' && !isStrictBase64(request.content)) throw new PrintQueueError('invalid_base64', 400);
    if (request.subtype === 'invoice') this.checkInvoice(request.content);
    const mode = this.hooks.operatingModeOf?.(request.terminalId);
    if (mode !== undefined && mode !== 'PDV') throw new PrintQueueError('terminal_cannot_print', 400);
  }

  /**
   * An invoice the platform would refuse (spec 7.2 invalid_data_xml) never enters the lane: a DTE the
   * reader cannot take would otherwise wait for its answer in front of every later print, for as long
   * as it is retried.
   */
  private checkInvoice(content: string): void {
    const problems = checkDteXml(content);
    if (problems.length === 0) return;
    throw new InvoiceRefusedError(problems);
  }
}

/** spec 7.2 invalid_data_xml raised before sending: the cashier reads the checker's problems in their language. */
export class InvoiceRefusedError extends PrintQueueError {
  constructor(readonly problems: readonly DteProblem[]) {
    super(
      'invalid_data_xml',
      400,
      `${cashierMessage('invalid_data_xml', 'en')} ${problems.map((problem) => `${problem.element}: ${problem.description}`).join('; ')}`,
    );
  }

  override cashierMessage(language: Language): string {
    const listed = this.problems.map((problem) => textOf(DTE_PROBLEMS, problem.text.key, language, problem.text.params)).join('; ');
    return `${cashierMessage('invalid_data_xml', language)} ${listed}`;
  }
}
