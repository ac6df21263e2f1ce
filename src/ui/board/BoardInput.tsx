import { useId, useRef, useState, type DragEvent } from 'react';
import { readFileText, readPasted } from '../../share/board/boardInput';
import type { BoardReading } from '../../share/board/boardModel';
import { LiveRegion } from '../a11y/LiveRegion';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { BoardHistoryPicker } from './BoardHistoryPicker';
import { boardSession, useBoard } from './boardStore';

/** Reads dropped or chosen files' texts; a file that cannot be read is refused by name. */
async function readFiles(files: readonly File[]): Promise<BoardReading> {
  const readings = await Promise.all(
    files.map(async (file) => {
      const text = await file.text().catch(() => '');
      return readFileText(file.name, text);
    }),
  );
  return { entries: readings.flatMap((r) => r.entries), refusals: readings.flatMap((r) => r.refusals) };
}

/** Where results come onto the board: a pasted block of links (or a whole chat), dropped JSON files, this browser's History. */
export function BoardInput() {
  const t = useT();
  const { board, reading, said } = useBoard();
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const textId = useId();
  const helpId = useId();

  const addPasted = () => {
    if (!text.trim()) return;
    void boardSession.add(readPasted(text)).then(() => setText(''));
  };
  const addFiles = (files: readonly File[]) => {
    if (files.length) void boardSession.add(readFiles(files));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  return (
    <section
      className={dragging ? 'panel board-input dragging' : 'panel board-input'}
      data-testid="board-input"
      aria-labelledby="board-input-title"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <h2 id="board-input-title">{t('board.input.title')}</h2>
      <label htmlFor={textId} className="board-label">
        {t('board.input.pasteLabel')}
      </label>
      <p id={helpId} className="share-note">
        {t('board.input.pasteHelp')}
      </p>
      <textarea id={textId} aria-describedby={helpId} className="board-paste" data-testid="board-paste" rows={6} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      <div className="controls">
        <button className="primary" data-testid="btn-board-add" disabled={reading || !text.trim()} onClick={addPasted}>
          {t('board.input.add')}
        </button>
        <button data-testid="btn-board-files" onClick={() => fileRef.current?.click()}>
          {t('board.input.files')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          multiple
          hidden
          data-testid="board-file"
          onChange={(e) => {
            addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <span className="share-note">{t('board.input.drop')}</span>
      </div>
      <BoardHistoryPicker />
      <LiveRegion testId="board-status" text={reading ? t('board.input.reading') : said ? t.say(said) : ''} visible />
      {board.refusals.length > 0 && (
        <div className="warning board-refusals" data-testid="board-refusals">
          <p>
            <strong>{t('board.refusals.title', { count: board.refusals.length })}</strong> {t('board.refusals.more')}
          </p>
          <ul>
            {board.refusals.map((refusal, i) => (
              <li key={i} data-testid="board-refusal">
                <Say message={refusal.where} />
                {t('board.refusals.separator')}
                {refusal.errors.map((error, j) => (
                  <span key={j}>
                    {j > 0 && t('board.refusals.between')}
                    <Say message={error} />
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <div className="controls">
            <button data-testid="btn-board-dismiss" onClick={() => boardSession.dismissRefusals()}>
              {t('board.refusals.dismiss')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
