import { useState, type SyntheticEvent } from 'react';
import { ChartGrid, type ChartDef } from '../charts/ChartGrid';
import { useT } from '../i18n/useT';
import type { RunStore } from '../runStore';
import { StatsPanel, type StatItem } from './StatsPanel';

interface Props {
  store: RunStore;
  /** The numbers not in the headline (an empty list: none shown). */
  stats: StatItem[];
  charts: ChartDef[];
  /** True while a lesson step shows one of these charts: the group opens by itself (src/config/firstView.ts). */
  opened: boolean;
}

/** "More figures": the numbers and charts a first run does not need, one click (or Enter) away. */
export function MoreFigures({ store, stats, charts, opened }: Props) {
  const t = useT();
  const [state, setState] = useState({ opened, open: opened });
  let { open } = state;
  if (state.opened !== opened) {
    if (opened) open = true;
    setState({ opened, open });
  }
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = e.currentTarget.open;
    setState((s) => (s.open === isOpen ? s : { ...s, open: isOpen }));
  };
  return (
    <details className="figure-group" data-testid="more-figures" open={open} onToggle={onToggle} hidden={stats.length === 0 && charts.length === 0}>
      <summary>{t('group.figures')}</summary>
      <StatsPanel items={stats} testId="stats-more" hidden={stats.length === 0} />
      <ChartGrid store={store} charts={charts} />
    </details>
  );
}
