import { z } from 'zod';
import { channel, NoInput } from '../define';

/** What one file of the diagnostics bundle holds, so the person sees it before saving. */
export const DiagnosticsKind = z.enum(['manifest', 'versions', 'settings', 'history', 'store', 'platform_calls', 'log', 'crash_dump']);
export type DiagnosticsKind = z.infer<typeof DiagnosticsKind>;

export const DiagnosticsEntry = z.object({ name: z.string(), kind: DiagnosticsKind, bytes: z.number().int().nonnegative() });
export type DiagnosticsEntry = z.infer<typeof DiagnosticsEntry>;

export const DiagnosticsPreview = z.object({ fileName: z.string(), entries: z.array(DiagnosticsEntry) });
export type DiagnosticsPreview = z.infer<typeof DiagnosticsPreview>;

/** The bundle itself: a zip as Base64, so the browser host can hand it over as a download too. */
export const DiagnosticsBundle = DiagnosticsPreview.extend({ zipBase64: z.string() });
export type DiagnosticsBundle = z.infer<typeof DiagnosticsBundle>;

export const diagnosticsChannels = {
  'diagnostics.preview': channel(NoInput, DiagnosticsPreview),
  'diagnostics.build': channel(NoInput, DiagnosticsBundle),
};
