import { useMemo, useState } from 'react';
import { laneIdMessage, type LaneId } from '../../config/lanes';
import type { Room, RoomDevice } from '../../share/board/boardRoom';
import { deviceMessage, gpuName, markedLaneMessage, ratioText, sortDevices, speedText, type SortDirection, type SortKey } from '../../share/board/boardText';
import type { MessageId } from '../../i18n/translator';
import { Data } from '../i18n/Say';
import { useT, type T } from '../i18n/useT';
import { laneColor } from '../lab/labFormat';
import { boardSession } from './boardStore';

interface Column {
  key: SortKey;
  heading: string;
  /** A column of figures: right-aligned, sorted highest first on the first click. */
  numeric: boolean;
}

function columnsOf(room: Room, t: T): Column[] {
  const fixed = (key: SortKey, id: MessageId, numeric = false): Column => ({ key, heading: t(id), numeric });
  return [
    fixed('number', 'board.table.number', true),
    fixed('device', 'board.table.device'),
    fixed('os', 'board.table.os'),
    fixed('browser', 'board.table.browser'),
    ...room.lanes.map((lane): Column => ({ key: `speed.${lane}`, heading: t('board.table.speed', { backend: t.say(laneIdMessage(lane)) }), numeric: true })),
    fixed('vsWasm', 'board.table.vsWasm', true),
    fixed('vsCpu', 'board.table.vsCpu', true),
  ];
}

function SpeedCell({ device, lane }: { device: RoomDevice; lane: LaneId }) {
  const t = useT();
  const value = device.entry.speeds[lane];
  const software = device.entry.software.includes(lane);
  return (
    <td data-testid={`board-cell-${device.number}-${lane}`} className={software ? 'board-software' : undefined} title={software ? t.say(markedLaneMessage(lane, true)) : undefined}>
      {speedText(value)}
      {software && <span className="board-mark">{t('board.table.softwareMark')}</span>}
    </td>
  );
}

/** Every device of the group: its GPU, OS and browser, each lane's examples/s (WebGPU once per engine), its speed-ups; sortable by any column. */
export function BoardTable({ room }: { room: Room }) {
  const t = useT();
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'best', direction: 'descending' });
  const columns = useMemo(() => columnsOf(room, t), [room, t]);
  const rows = useMemo(() => sortDevices(room.devices, sort.key, sort.direction), [room.devices, sort]);

  const sortBy = (column: Column) =>
    setSort((s) => (s.key === column.key ? { key: s.key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key: column.key, direction: column.numeric ? 'descending' : 'ascending' }));

  // A wide table scrolls sideways inside its own region (a tab stop, so the keyboard can scroll it), never the page.
  return (
    <div className="board-table-scroll" role="region" aria-label={t('board.table.region')} tabIndex={0}>
      <table className="lab-table board-table" data-testid="board-table">
        <caption className="board-caption">
          {t('board.table.caption', { count: room.devices.length })}{' '}
          <button type="button" className="board-reset-sort" data-testid="btn-board-sort-best" aria-pressed={sort.key === 'best'} onClick={() => setSort({ key: 'best', direction: 'descending' })}>
            {t('board.table.sortBest')}
          </button>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" aria-sort={sort.key === column.key ? sort.direction : undefined} className={column.numeric ? undefined : 'lab-left'}>
                <button type="button" className="board-sort" data-testid={`board-sort-${column.key}`} onClick={() => sortBy(column)}>
                  {column.heading}
                </button>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('board.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => {
            const name = t.say(deviceMessage(d));
            return (
              <tr key={d.entry.id} data-testid="board-row" data-number={d.number} data-gpu={d.gpu}>
                <td>{d.number}</td>
                <th scope="row" className="lab-left board-device">
                  <Data>{gpuName(d.entry.device) || t('board.table.unknownGpu')}</Data>
                  {d.gpu === 'software' && <span className="board-mark">{t('board.table.noHardwareGpu')}</span>}
                  {(d.entry.device.renderer || d.entry.device.gpuVendor) && (
                    <small className="board-renderer">
                      <Data>{d.entry.device.renderer || d.entry.device.gpuVendor}</Data>
                    </small>
                  )}
                  {d.repeats > 0 && <small className="board-repeats">{t('board.table.repeats', { count: d.repeats + 1 })}</small>}
                </th>
                <td className="lab-left">
                  <Data>{d.entry.device.os || '–'}</Data>
                </td>
                <td className="lab-left">
                  <Data>{d.entry.device.browser || '–'}</Data>
                </td>
                {room.lanes.map((lane) => (
                  <SpeedCell key={lane} device={d} lane={lane} />
                ))}
                <td className="board-ratio" data-testid={`board-cell-${d.number}-vsWasm`}>
                  {ratioText(d, d.speedUpVsWasm, t.translator)}
                  {d.bestGpu && (
                    <small className="board-best" style={{ color: laneColor(d.bestGpu) }}>
                      {t('board.table.bestGpu', { backend: t.say(markedLaneMessage(d.bestGpu, d.gpu === 'software')) })}
                    </small>
                  )}
                </td>
                <td className="board-ratio" data-testid={`board-cell-${d.number}-vsCpu`}>
                  {ratioText(d, d.speedUpVsCpu, t.translator)}
                </td>
                <td>
                  <button type="button" className="board-remove" data-testid="btn-board-remove" aria-label={t('board.table.removeNamed', { device: name })} onClick={() => boardSession.remove(d.entry.id)}>
                    {t('board.table.remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
