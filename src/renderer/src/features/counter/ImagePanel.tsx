import { formatDecimal } from '../../lib/numbers';
import { memo, useId, useRef, useState, type DragEvent } from 'react';
import { ADJUSTMENT_LIMIT, DITHER_MODES, MAX_PRINT_HEIGHT_DOTS, MIN_PRINT_WIDTH_DOTS } from '../../../../shared/imaging';
import { CONTENT_MAX_BYTES } from '../../../../shared/platform/terminal-actions';
import { PRINTABLE_WIDTH_DOTS, PRINTER_DOTS_PER_MM } from '../../../../shared/receipt';
import { fillMessage, useFeatureT } from '../../i18n';
import { counterMessages, type CounterMessageKey } from './messages';
import { formatBytes } from '../../lib/format';
import { Paper } from '../../components/paper/Paper';
import { PREVIEW_SCALE } from '../../components/paper/paper-layout';
import type { ImageChoices, ImageState } from './use-image-worker';
import { LONG_PICTURE_CM, LONG_PICTURE_DOTS, longPictureCm } from './long-picture';

interface ImagePanelProps {
  state: ImageState;
  choices: ImageChoices;
  /** The width in effect: the chosen one, or the picture's own up to the paper's. */
  width: number;
  onChoices(choices: ImageChoices): void;
  onFile(file: File): void;
  language: string;
}

function millimetres(dots: number, language: string): string {
  return formatDecimal(dots / PRINTER_DOTS_PER_MM, language === 'es' ? 'es' : 'en', 0);
}

function Slider({
  id,
  label,
  value,
  min,
  max,
  onChange,
  unit,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  unit?: string;
}) {
  return (
    <div className="slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        onDoubleClick={() => onChange(0)}
      />
      <output htmlFor={id} className="slider-value">
        {value > 0 && unit === undefined ? `+${value}` : value}
        {unit === undefined ? '' : ` ${unit}`}
      </output>
    </div>
  );
}

/** Pick or drop a picture, tune how it becomes dots, and see exactly the PNG that will be sent. */
export const ImagePanel = memo(function ImagePanel({ state, choices, width, onChoices, onFile, language }: ImagePanelProps) {
  const t = useFeatureT(counterMessages);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const ids = useId();
  const rendered = state.rendered;
  const change = (patch: Partial<ImageChoices>) => onChoices({ ...choices, ...patch });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) onFile(file);
  };

  return (
    <div className="mode-layout">
      <div className="compose-column">
        <div
          className={`drop-zone${dragging ? ' drop-zone-active' : ''}${state.source === undefined ? '' : ' drop-zone-compact'}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="image-drop"
        >
          <input
            ref={inputRef}
            id={`${ids}-file`}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            data-testid="image-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file !== undefined) onFile(file);
              event.target.value = '';
            }}
          />
          {state.source === undefined ? (
            <>
              <span className="drop-icon" aria-hidden="true">
                ⬒
              </span>
              <p className="drop-text">{t('image.drop')}</p>
            </>
          ) : (
            <p className="drop-file">
              <span className="file-name">{state.fileName}</span>
              <span className="file-meta">
                {state.source.width} × {state.source.height} px · {state.source.format.toUpperCase()}
              </span>
            </p>
          )}
          <button type="button" className="button" onClick={() => inputRef.current?.click()} data-testid="choose-image">
            {t(state.source === undefined ? 'image.choose' : 'image.change')}
          </button>
        </div>
        {state.loading ? (
          <p className="hint" role="status">
            {t('image.loading')}
          </p>
        ) : null}
        {state.failure !== undefined ? (
          <p className="notice notice-bad" role="alert" data-testid="image-failure">
            {t(`image.failure.${state.failure}` as CounterMessageKey)}
          </p>
        ) : null}

        <fieldset className="image-controls" disabled={state.source === undefined}>
          <legend className="visually-hidden">{t('image.settings')}</legend>
          <div className="segmented" role="radiogroup" aria-label={t('image.dither')}>
            <span className="control-label" aria-hidden="true">
              {t('image.dither')}
            </span>
            {DITHER_MODES.map((mode) => (
              <label key={mode} className="segment" title={t(`image.dither.${mode}.hint` as CounterMessageKey)}>
                <input
                  type="radio"
                  name={`${ids}-dither`}
                  value={mode}
                  checked={choices.dither === mode}
                  onChange={() => change({ dither: mode })}
                  data-testid={`dither-${mode}`}
                />
                <span>{t(`image.dither.${mode}` as CounterMessageKey)}</span>
              </label>
            ))}
          </div>
          <Slider
            id={`${ids}-brightness`}
            label={t('image.brightness')}
            value={choices.brightness}
            min={-ADJUSTMENT_LIMIT}
            max={ADJUSTMENT_LIMIT}
            onChange={(brightness) => change({ brightness })}
          />
          <Slider
            id={`${ids}-contrast`}
            label={t('image.contrast')}
            value={choices.contrast}
            min={-ADJUSTMENT_LIMIT}
            max={ADJUSTMENT_LIMIT}
            onChange={(contrast) => change({ contrast })}
          />
          <Slider
            id={`${ids}-width`}
            label={t('image.width')}
            value={width}
            min={MIN_PRINT_WIDTH_DOTS}
            max={PRINTABLE_WIDTH_DOTS}
            unit={t('image.dots')}
            onChange={(value) => change({ width: value, maxHeight: undefined })}
          />
          <div className="segmented" role="radiogroup" aria-label={t('image.encoding')}>
            <span className="control-label" aria-hidden="true">
              {t('image.encoding')}
            </span>
            {([1, 8] as const).map((depth) => (
              <label key={depth} className="segment" title={t(`image.encoding.${depth}.hint` as CounterMessageKey)}>
                <input type="radio" name={`${ids}-depth`} value={depth} checked={choices.bitDepth === depth} onChange={() => change({ bitDepth: depth })} />
                <span>{t(`image.encoding.${depth}` as CounterMessageKey)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {rendered !== undefined ? (
          <div className="image-facts" data-testid="image-facts">
            <span>
              {rendered.width} × {rendered.height} {t('image.dots')} · {millimetres(rendered.width, language)} × {millimetres(rendered.height, language)} mm
            </span>
            <span className={rendered.limit === 'too_large' ? 'count-error' : undefined}>
              {fillMessage(t('image.size'), { size: formatBytes(rendered.contentBytes, language), limit: formatBytes(CONTENT_MAX_BYTES, language) })}
            </span>
          </div>
        ) : null}
        {rendered?.limit !== undefined ? (
          <div className="notice notice-bad" role="alert" data-testid="image-limit">
            <p>
              {rendered.limit === 'too_tall'
                ? fillMessage(t('image.tooTall'), { height: rendered.height, limit: MAX_PRINT_HEIGHT_DOTS })
                : fillMessage(t('image.tooLarge'), { size: formatBytes(rendered.contentBytes, language), limit: formatBytes(CONTENT_MAX_BYTES, language) })}
            </p>
            <div className="fit-actions">
              {rendered.fit?.width !== undefined ? (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => change({ width: rendered.fit?.width, maxHeight: undefined })}
                  data-testid="fit-width"
                >
                  {fillMessage(t('image.fitWidth'), { width: rendered.fit.width })}
                </button>
              ) : null}
              {rendered.fit?.maxHeight !== undefined ? (
                <button type="button" className="button" onClick={() => change({ maxHeight: rendered.fit?.maxHeight })} data-testid="fit-crop">
                  {fillMessage(t('image.fitCrop'), { height: rendered.fit.maxHeight })}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
        {rendered?.limit === undefined && rendered !== undefined && longPictureCm(rendered.height) !== undefined ? (
          <div className="notice notice-warn" role="status" data-testid="image-long">
            <p>{fillMessage(t('image.long'), { length: longPictureCm(rendered.height) ?? '', limit: LONG_PICTURE_CM })}</p>
            <div className="fit-actions">
              <button type="button" className="button" onClick={() => change({ maxHeight: LONG_PICTURE_DOTS })} data-testid="long-crop">
                {fillMessage(t('image.longCrop'), { limit: LONG_PICTURE_CM })}
              </button>
            </div>
          </div>
        ) : null}
        {choices.maxHeight !== undefined && rendered?.limit === undefined ? (
          <p className="hint">
            {fillMessage(t('image.cropped'), { height: choices.maxHeight, full: rendered?.fullHeight ?? '…' })}{' '}
            <button type="button" className="link-button" onClick={() => change({ maxHeight: undefined })}>
              {t('image.uncrop')}
            </button>
          </p>
        ) : null}
      </div>
      <div className="preview-column">
        <Paper label={t('preview.imageLabel')} caption={t('preview.imageCaption')} testId="image-preview" busy={state.rendering || state.loading}>
          {rendered === undefined ? (
            <p className="paper-empty">{t(state.loading ? 'image.loading' : 'preview.imageEmpty')}</p>
          ) : (
            <img
              className="paper-image"
              src={rendered.url}
              width={rendered.width * PREVIEW_SCALE}
              height={rendered.height * PREVIEW_SCALE}
              alt={fillMessage(t('preview.imageAlt'), { name: state.fileName ?? '' })}
              data-dither={rendered.settings.dither}
              data-width={rendered.width}
              data-height={rendered.height}
            />
          )}
        </Paper>
      </div>
    </div>
  );
});
