import { useEffect, useMemo } from 'react';
import { parseInspectSettings } from '../../config/inspectConfig';
import { useT } from '../i18n/useT';
import { LessonPanel } from '../lessons/LessonPanel';
import { usePageSettings } from '../share/pageStore';
import { ConfusionPanel } from './ConfusionPanel';
import { DrawPanel } from './DrawPanel';
import { FiltersPanel } from './FiltersPanel';
import './inspect.css';
import { inspectSession } from './inspectStore';
import { SummaryPanel } from './SummaryPanel';

/** Look inside the model: draw a digit, the confusion matrix, the first layer's filters, the model summary. */
export function InspectView() {
  const t = useT();
  const values = usePageSettings().settings.inspect;
  const { settings } = useMemo(() => parseInspectSettings(values), [values]);
  useEffect(() => inspectSession.start(), []);
  return (
    <div className="inspect" data-testid="inspect-view">
      <p className="inspect-intro">{t('inspect.view.intro', { view: t('view.train') })}</p>
      <LessonPanel view="inspect" id="draw">
        <DrawPanel temperature={settings.temperature} />
      </LessonPanel>
      <LessonPanel view="inspect" id="confusion">
        <ConfusionPanel />
      </LessonPanel>
      <LessonPanel view="inspect" id="filters">
        <FiltersPanel values={values} testImage={settings.testImage} />
      </LessonPanel>
      <LessonPanel view="inspect" id="summary">
        <SummaryPanel />
      </LessonPanel>
    </div>
  );
}
