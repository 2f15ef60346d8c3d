/**
 * Pictures for the terminal's `image` print subtype, as pure functions over grey rasters: scale to the
 * paper with area averaging, adjust, dither to 1 bit, encode a PNG and its Base64. The app's image worker
 * runs them; the sandbox can run the same to print what the app previews.
 */
export { ADJUSTMENT_LIMIT, adjustBrightnessContrast, adjustmentTable } from './adjust';
export { base64Length, encodeBase64 } from './base64';
export { atkinson, dither, DITHER_MODES, floydSteinberg, threshold, type DitherMode } from './dither';
export { readImageHeader, type ImageHeader } from './image-size';
export { crc32, encodePng, type PngBitDepth, type ZlibCompress } from './png';
export {
  clampPrintWidth,
  defaultPrintWidth,
  ditherForPrint,
  findPrintImageFit,
  MAX_PRINT_HEIGHT_DOTS,
  MAX_SOURCE_PIXELS,
  MIN_PRINT_WIDTH_DOTS,
  renderPrintImage,
  scaleForPrint,
  scaleRgbaForPrint,
  type PrintImage,
  type PrintImageFit,
  type PrintImageLimit,
  type PrintImageSettings,
} from './print-image';
export { createGrayRaster, cropRows, grayFromRgba, type GrayRaster, type RgbaImage } from './raster';
export { heightForWidth, scaleArea, scaleRgbaArea } from './scale';
