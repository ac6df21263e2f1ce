import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../i18n/message';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { grabFrame, startCamera, stopCamera } from './camera';
import { drawingSession } from './drawingSession';

type Phase = 'off' | 'starting' | 'on';

/**
 * The camera beside the drawing pad: Use the camera asks for it (only then), a live preview, Capture
 * for the chosen class (counted like a drawing), Stop the camera. Its tracks are released on Stop and
 * when the panel goes.
 */
export function OwnCamera({ chosenName, full }: { chosenName: string; full: boolean }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>('off');
  const [error, setError] = useState<Message | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopCamera(stream.current);
      stream.current = null;
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (phase !== 'on' || !element || !stream.current) return;
    element.srcObject = stream.current;
    void element.play().catch(() => undefined);
  }, [phase]);

  const start = async () => {
    setError(null);
    setPhase('starting');
    const started = await startCamera();
    if (!mounted.current) return started.ok ? stopCamera(started.stream) : undefined;
    if (!started.ok) {
      setError(started.error);
      setPhase('off');
      return;
    }
    stream.current = started.stream;
    setPhase('on');
  };

  const stop = () => {
    stopCamera(stream.current);
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setPhase('off');
  };

  const capture = () => {
    const frame = video.current ? grabFrame(video.current) : null;
    if (frame) drawingSession.add(frame, 'camera');
  };

  return (
    <div className="own-camera" data-testid="own-camera">
      <p className="note">{t('ownData.camera.note')}</p>
      <div className="controls">
        {phase === 'on' ? (
          <>
            <button data-testid="own-camera-capture" onClick={capture} disabled={full}>
              {t('ownData.camera.capture', { name: chosenName })}
            </button>
            <button data-testid="own-camera-stop" onClick={stop}>
              {t('ownData.camera.stop')}
            </button>
          </>
        ) : (
          <button data-testid="own-camera-start" onClick={() => void start()} disabled={phase === 'starting'}>
            {t('ownData.camera.start')}
          </button>
        )}
      </div>
      {phase === 'starting' && <p className="note">{t('ownData.camera.starting')}</p>}
      {phase === 'on' && <video ref={video} className="own-camera-preview" data-testid="own-camera-preview" aria-label={t('ownData.camera.preview')} muted playsInline />}
      <p role="alert" data-testid="own-camera-error" className={error ? 'field-error' : undefined}>
        {error && <Say message={error} />}
      </p>
    </div>
  );
}
