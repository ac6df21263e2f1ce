import { msg } from '../../i18n/message';
import { Say } from '../i18n/Say';
import type { OwnDatasetChoice } from './useOwnDatasets';

/** Under the Data set setting: what an own set holds, or why a link's own set cannot be used here. */
export function OwnDatasetNote({ choice }: { choice: OwnDatasetChoice }) {
  if (choice.missing) {
    return (
      <p className="field-error" role="alert" data-testid="own-data-missing">
        <Say message={msg('ownData.notHeld', { id: choice.missing })} />
      </p>
    );
  }
  const { chosen } = choice;
  if (!chosen) return null;
  return (
    <p className="note" data-testid="own-data-chosen">
      <Say message={msg('ownData.chosen', { name: chosen.name, classes: chosen.classNames.length, train: chosen.trainCount, test: chosen.testCount })} />
      {chosen.format.channels > 1 && (
        <>
          {' '}
          <Say message={msg('ownData.chosenColour', { size: chosen.format.size })} />
        </>
      )}
    </p>
  );
}
