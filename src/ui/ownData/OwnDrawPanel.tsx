import { useCallback, useState, useSyncExternalStore } from 'react';
import type { RawPicture } from '../../engine/protocol/ownData';
import type { InkImage } from '../../metrics/digitImage';
import { DigitCanvas } from '../inspect/DigitCanvas';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { canUndo, countsOf, inkPicture, inUse, isFull, isReady, MAX_CLASS_NAME_CHARS, MAX_DRAWN_CLASSES, MAX_PER_CLASS, MIN_DRAWN_CLASSES, MIN_PER_CLASS, nameOf } from './drawingBoard';
import { drawingSession } from './drawingSession';
import { OwnCamera } from './OwnCamera';

/**
 * "Make a data set by drawing", folded inside "Your data": class names, the class to add to, look-inside's
 * drawing pad, Add / Undo, the camera (OwnCamera), a count per class and "Make the data set". The examples live in
 * drawingSession, so they survive switching views; the drawing on the pad is this component's.
 */
export function OwnDrawPanel({ name, busy }: { name: string; busy: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details className="own-data-draw" data-testid="own-data-draw" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('ownData.draw.title')}</summary>
      {open && <DrawBody name={name} busy={busy} />}
    </details>
  );
}

function DrawBody({ name, busy }: { name: string; busy: boolean }) {
  const t = useT();
  const { board, said } = useSyncExternalStore(drawingSession.subscribe, drawingSession.getSnapshot);
  const [ink, setInk] = useState<RawPicture | null>(null);
  // A new pad (its key) after each Add: the drawing area clears for the next example.
  const [pad, setPad] = useState(0);
  const onInk = useCallback((drawn: InkImage) => setInk(inkPicture(drawn)), []);
  const onClear = useCallback(() => setInk(null), []);
  const classes = inUse(board);
  const chosenName = nameOf(board, board.chosen);
  const full = isFull(board);
  const ready = isReady(board);

  const add = () => {
    if (!ink) return;
    drawingSession.add(ink, 'drawing');
    setInk(null);
    setPad((k) => k + 1);
  };

  return (
    <div className="own-draw-body">
      <p className="note">{t('ownData.draw.intro', { min: MIN_DRAWN_CLASSES, max: MAX_DRAWN_CLASSES })}</p>
      <div className="settings">
        <label className="setting">
          <span>{t('ownData.draw.classCount')}</span>
          <input
            data-testid="own-draw-classes"
            type="number"
            min={MIN_DRAWN_CLASSES}
            max={MAX_DRAWN_CLASSES}
            step={1}
            value={board.count}
            onChange={(e) => drawingSession.setClassCount(Number(e.target.value))}
          />
        </label>
        {classes.map((c, i) => (
          <label className="setting" key={i}>
            <span>{t('ownData.draw.className', { index: i + 1 })}</span>
            <input data-testid={`own-draw-name-${i}`} type="text" maxLength={MAX_CLASS_NAME_CHARS} value={c.name} onChange={(e) => drawingSession.rename(i, e.target.value)} />
          </label>
        ))}
        <label className="setting">
          <span>{t('ownData.draw.chosen')}</span>
          <select data-testid="own-draw-class" value={board.chosen} onChange={(e) => drawingSession.choose(Number(e.target.value))}>
            {classes.map((_, i) => (
              <option key={i} value={i}>
                {nameOf(board, i)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DigitCanvas key={pad} onInk={onInk} onClear={onClear} labels={{ pad: t('ownData.draw.pad', { name: chosenName }), canvas: t('ownData.draw.canvas', { name: chosenName }) }} />
      <div className="controls">
        <button data-testid="own-draw-add" onClick={add} disabled={!ink || full}>
          {t('ownData.draw.add')}
        </button>
        <button data-testid="own-draw-undo" onClick={drawingSession.undo} disabled={!canUndo(board)}>
          {t('ownData.draw.undo')}
        </button>
      </div>
      {full && <p className="note">{t('ownData.draw.full', { name: chosenName, max: MAX_PER_CLASS })}</p>}
      <OwnCamera chosenName={chosenName} full={full} />
      <h2 className="own-data-heading">{t('ownData.draw.counts')}</h2>
      <ul className="own-draw-counts" data-testid="own-draw-counts">
        {classes.map((c, i) => (
          <li key={i} data-testid={`own-draw-count-${i}`} data-count={c.examples.length}>
            {t('ownData.draw.count', { name: nameOf(board, i), ...countsOf(c) })}
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" data-testid="own-draw-said">
        {said && <Say message={said} />}
      </p>
      <div className="controls">
        <button data-testid="own-draw-make" onClick={() => drawingSession.make(name.trim() || t('ownData.draw.defaultName'))} disabled={!ready || busy}>
          {t('ownData.draw.make')}
        </button>
      </div>
      {!ready && <p className="note">{t('ownData.draw.needMore', { min: MIN_PER_CLASS })}</p>}
    </div>
  );
}
