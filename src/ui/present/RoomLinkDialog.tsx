import { useMemo, useRef } from 'react';
import { qrSvg } from '../../share/qrCode';
import { roomAddressWarning } from '../../share/roomAddress';
import { useFocusTrap } from '../a11y/useFocusTrap';
import { Data, Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import './roomLink.css';

/**
 * The link of what is on screen as a QR code large enough to scan from the back of a room, the
 * address under it; a dialog that Escape closes, focus going back to the button that opened it.
 * Before the code, a warning where the address cannot serve the room (this computer only, or plain http).
 */
export default function RoomLinkDialog({ link, onClose }: { link: string; onClose(): void }) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(dialogRef, onClose, closeRef);
  const qr = useMemo(() => qrSvg(link), [link]);
  const warning = roomAddressWarning(link);
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div ref={dialogRef} className="panel room-link" role="dialog" aria-modal="true" aria-labelledby="room-link-title" data-testid="room-link-dialog" onClick={(e) => e.stopPropagation()}>
        <h2 id="room-link-title">{t('room.title')}</h2>
        {warning && (
          <p className="warning room-link-warning" data-testid="room-link-warning">
            <Say message={warning} />
          </p>
        )}
        <p className="room-link-help">{t('room.help')}</p>
        {qr ? (
          <svg className="room-qr" data-testid="room-qr" role="img" aria-label={t('room.qrLabel')} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges">
            <rect width={qr.size} height={qr.size} fill="#ffffff" />
            <path d={qr.path} fill="#000000" />
          </svg>
        ) : (
          <p className="warning" data-testid="room-qr-too-long">
            {t('room.tooLong', { chars: t.number(link.length) })}
          </p>
        )}
        <p className="room-link-url" data-testid="room-link-url">
          <Data>{link}</Data>
        </p>
        <button ref={closeRef} className="primary" data-testid="btn-room-link-close" onClick={onClose}>
          {t('room.close')}
        </button>
      </div>
    </div>
  );
}
