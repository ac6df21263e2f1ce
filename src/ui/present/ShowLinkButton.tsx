import { lazy, Suspense, useCallback, useState } from 'react';
import { roomLinkHash } from '../../share/roomLink';
import { useT } from '../i18n/useT';
import { useLesson } from '../lessons/lessonStore';
import { usePageSettings } from '../share/pageStore';
import { usePresent } from './presentMode';

/** The dialog and the QR code library load when the link is first shown. */
const RoomLinkDialog = lazy(() => import('./RoomLinkDialog'));

/** In presentation mode and on every lesson: "Show link" puts the link of what is on screen up as a QR code for the room. */
export function ShowLinkButton() {
  const t = useT();
  const present = usePresent();
  const { lesson } = useLesson();
  const { settings, lessonPayload } = usePageSettings();
  const [shown, setShown] = useState<string | null>(null);
  const close = useCallback(() => setShown(null), []);
  if (!present && !lesson) return null;
  const open = () => setShown(`${window.location.origin}${window.location.pathname}${roomLinkHash(settings, lessonPayload)}`);
  return (
    <>
      <button data-testid="btn-show-link" onClick={open}>
        {t('room.show')}
      </button>
      {shown && (
        <Suspense fallback={null}>
          <RoomLinkDialog link={shown} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
