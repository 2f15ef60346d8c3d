/** The options Electron's crash reporter starts with: dumps stay local unless the owner set an upload URL. */
export interface CrashReporterOptions {
  productName: string;
  submitURL: string;
  uploadToServer: boolean;
  compress: boolean;
  ignoreSystemCrashHandler: boolean;
}

export function crashReporterOptions(uploadUrl: string | null): CrashReporterOptions {
  return {
    productName: 'Counter',
    submitURL: uploadUrl ?? '',
    uploadToServer: uploadUrl !== null && uploadUrl !== '',
    compress: true,
    ignoreSystemCrashHandler: false,
  };
}
