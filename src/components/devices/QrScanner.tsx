import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';

export type CameraProblem = 'noCamera' | 'denied';

/**
 * The camera's picture, read for a QR code frame by frame (getUserMedia and jsQR, loaded only
 * when scanning starts). Calls onCode once with the first code found, or onProblem when there is
 * no camera or it may not be used, so the form can fall back to typing. Stops the camera when
 * it goes away.
 */
export function QrScanner({ label, onCode, onProblem }: { label: string; onCode: (text: string) => void; onProblem: (problem: CameraProblem) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onCode, onProblem });
  useEffect(() => {
    callbacks.current = { onCode, onProblem };
  });

  useEffect(() => {
    let stopped = false;
    let frame = 0;
    let stream: MediaStream | undefined;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      callbacks.current.onProblem('noCamera');
      return stop;
    }
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (!stopped) callbacks.current.onProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'noCamera');
        return;
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const { default: jsQR } = await import('jsqr');
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const tick = () => {
        if (stopped || !context) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
          if (code?.data) {
            stop();
            callbacks.current.onCode(code.data);
            return;
          }
        }
        frame = requestAnimationFrame(tick);
      };
      tick();
    })();
    return stop;
  }, []);

  return <Box component="video" ref={video} aria-label={label} muted playsInline sx={{ width: '100%', maxHeight: 260, borderRadius: 1, bgcolor: 'grey.900' }} />;
}
