import { useRef, useState } from 'react';
import type { BoardEntry } from '../../share/board/boardEntry';
import { boardLinkHash, boardToJson } from '../../share/board/boardDoc';
import type { Room } from '../../share/board/boardRoom';
import { roomCsv } from '../../share/board/boardText';
import { MAX_LINK_CHARS } from '../../share/payloadCodec';
import { downloadCanvasPng, downloadText } from '../share/download';
import { useT } from '../i18n/useT';
import { BOARD_CHART_TEST_ID } from './BoardChart';
import { useBoard } from './boardStore';

const STEM = 'gpu-playground-class-board';

/** The board's link (every result's compact row; when too long, how many would fit and the JSON file instead), and CSV, PNG and JSON files. */
export function BoardExport({ entries, room }: { entries: readonly BoardEntry[]; room: Room | null }) {
  const t = useT();
  const { payload } = useBoard();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const attempt = (action: () => void | Promise<void>) => {
    setError(null);
    Promise.resolve()
      .then(action)
      .catch((err: unknown) => setError(t('share.export.failed', { error: t.detail(err) })));
  };

  const copyLink = async () => {
    if (!payload?.fits || entries.length === 0) return;
    const url = `${window.location.origin}${window.location.pathname}${boardLinkHash(payload.payload)}`;
    setLink(url);
    const chars = t.number(url.length);
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('board.export.copied', { chars, count: entries.length }));
    } catch {
      setStatus(t('board.export.copyRefused', { chars, count: entries.length }));
      requestAnimationFrame(() => inputRef.current?.select());
    }
  };
  const savePng = () => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${BOARD_CHART_TEST_ID}"] canvas`);
    if (!canvas) throw new Error(t('share.export.noChart', { chart: t('board.chart.title') }));
    return downloadCanvasPng(`${STEM}.png`, canvas, t.translator);
  };

  const empty = entries.length === 0;
  return (
    <section className="panel" data-testid="board-export" aria-labelledby="board-export-title">
      <h2 id="board-export-title">{t('board.export.title')}</h2>
      <div className="controls">
        <button className="primary" data-testid="btn-board-link" disabled={empty || !payload?.fits} onClick={() => void copyLink()}>
          {t('board.export.link')}
        </button>
        <span className="share-status" role="status" data-testid="board-link-status">
          {status}
        </span>
      </div>
      {payload === null && !empty && <p className="share-note">{t('board.export.measuring')}</p>}
      {payload && !payload.fits && (
        <p className="warning" data-testid="board-link-too-long">
          {t('board.export.tooLong', { fitting: payload.fitting, total: payload.total, max: t.number(MAX_LINK_CHARS) })}
        </p>
      )}
      {link && <input ref={inputRef} className="share-link" data-testid="board-link" readOnly value={link} aria-label={t('board.export.linkLabel')} onFocus={(e) => e.currentTarget.select()} />}
      <div className="controls share-export">
        <span className="share-export-label">{t('share.export.label')}</span>
        <button data-testid="board-export-json" disabled={empty} onClick={() => attempt(() => downloadText(`${STEM}.json`, 'application/json', boardToJson(entries)))}>
          {t('board.export.json')}
        </button>
        <button data-testid="board-export-csv" disabled={!room} onClick={() => room && attempt(() => downloadText(`${STEM}.csv`, 'text/csv', roomCsv(room, t.translator)))}>
          {t('board.export.csv')}
        </button>
        <button data-testid="board-export-png" disabled={!room} onClick={() => attempt(savePng)}>
          {t('board.export.png')}
        </button>
      </div>
      {error && (
        <span className="field-error" role="alert" data-testid="board-export-error">
          {error}
        </span>
      )}
    </section>
  );
}
