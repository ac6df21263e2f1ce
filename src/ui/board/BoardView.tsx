import { useDeferredValue, useEffect, useId, useMemo } from 'react';
import { boardGroups, chosenGroup } from '../../share/board/boardModel';
import { boardNumbers, roomOf } from '../../share/board/boardRoom';
import { groupMessage, roomFindings, workloadMessage } from '../../share/board/boardText';
import { loadChartLib } from '../charts/chartLib';
import { LessonPanel } from '../lessons/LessonPanel';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { BoardChart } from './BoardChart';
import { BoardExport } from './BoardExport';
import { BoardInput } from './BoardInput';
import { BoardTable } from './BoardTable';
import { boardSession, useBoard } from './boardStore';
import './board.css';

const VIEW = 'board';

/**
 * The class board: every student's result on one chart and one table, grouped so only comparable
 * results are compared, with the room's median and spread, and the board as a link or files.
 */
export function BoardView() {
  const t = useT();
  const { board, chosen } = useBoard();
  const pickerId = useId();
  useEffect(() => {
    boardSession.start();
    // The chart appears with the first results: its library is ready before they are pasted.
    void loadChartLib();
  }, []);
  const groups = useMemo(() => boardGroups(board.entries), [board.entries]);
  const group = chosenGroup(groups, chosen);
  const numbers = useMemo(() => boardNumbers(board.entries), [board.entries]);
  const room = useMemo(() => (group ? roomOf(group, numbers, board.repeats) : null), [group, numbers, board.repeats]);
  // The chart first: a table of a whole room's rows renders right after, without holding the chart back.
  const tableRoom = useDeferredValue(room);

  return (
    <div className="board">
      <LessonPanel view={VIEW} id="add">
        <BoardInput />
      </LessonPanel>
      <LessonPanel view={VIEW} id="room">
        <section className="panel board-room" data-testid="board-room" aria-labelledby="board-room-title">
          <h2 id="board-room-title">{t('board.room.title')}</h2>
          {!room || !group ? (
            <p className="share-note" data-testid="board-empty">
              {t('board.room.empty')}
            </p>
          ) : (
            <>
              <div className="controls board-groups">
                <label htmlFor={pickerId}>{t('board.room.group', { count: groups.length })}</label>
                <select id={pickerId} data-testid="board-group" value={group.key} onChange={(e) => boardSession.choose(e.target.value)}>
                  {groups.map((g) => (
                    <option key={g.key} value={g.key}>
                      {t.say(groupMessage(g.workload, g.entries.length))}
                    </option>
                  ))}
                </select>
              </div>
              <p className="board-workload" data-testid="board-workload">
                <Say message={workloadMessage(group.workload)} />
              </p>
              <ul className="board-findings" data-testid="board-findings">
                {roomFindings(room).map((finding) => (
                  <li key={finding.id}>
                    <Say message={finding} />
                  </li>
                ))}
              </ul>
              <BoardChart room={room} />
            </>
          )}
        </section>
      </LessonPanel>
      <LessonPanel view={VIEW} id="devices">
        <section className="panel board-devices" data-testid="board-devices" aria-labelledby="board-devices-title">
          <h2 id="board-devices-title">{t('board.devices.title')}</h2>
          {tableRoom ? <BoardTable room={tableRoom} /> : <p className="share-note">{t('board.room.empty')}</p>}
          <div className="controls">
            <button data-testid="btn-board-clear" disabled={board.entries.length === 0} onClick={() => boardSession.clear()}>
              {t('board.devices.clear')}
            </button>
          </div>
        </section>
      </LessonPanel>
      <LessonPanel view={VIEW} id="export">
        <BoardExport entries={board.entries} room={room} />
      </LessonPanel>
    </div>
  );
}
