// "Scan with camera" where the browser has a barcode detector (BarcodeDetector, Code 128 like the
// label): a dialog shows the rear camera's picture and ends with the first code it reads. Closing the
// dialog (its button, Escape) stops the camera. Without a detector the button is not there.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, useState } from 'react';

interface DetectedBarcode {
  readonly rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser reads barcodes and has a camera API. */
export function cameraScanSupported(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** How often the picture is read. */
const DETECT_EVERY_MS = 200;

function CameraDialog({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'denied' | 'unavailable' | null>(null);
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
    const detector = new Detector({ formats: ['code_128'] });
    const detect = async () => {
      if (stopped || !video.current) return;
      try {
        const [barcode] = await detector.detect(video.current);
        if (barcode?.rawValue && !stopped) {
          report.current(barcode.rawValue);
          return;
        }
      } catch {
        // A frame the detector cannot read (the camera still starting): try the next.
      }
      timer = setTimeout(() => void detect(), DETECT_EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      async (opened) => {
        // The camera may start after the dialog closed: it stops at once then.
        if (stopped || !video.current) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        video.current.srcObject = opened;
        await video.current.play().catch(() => undefined);
        void detect();
      },
      (error: unknown) => {
        if (!stopped) setProblem(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <dialog ref={dialog} className="camera-dialog" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{i18n._(msg`Scan with the camera`)}</h2>
      <p>{i18n._(msg`Hold the label’s barcode in front of the camera.`)}</p>
      <video ref={video} muted playsInline aria-label={i18n._(msg`Camera picture`)} />
      {problem && (
        <p role="alert" className="failure">
          {problem === 'denied'
            ? i18n._(msg`The browser may not use the camera here. Allow it, or scan with the scanner.`)
            : i18n._(msg`No camera could be started. Scan with the scanner instead.`)}
        </p>
      )}
      <button type="button" onClick={() => dialog.current?.close()}>
        {i18n._(msg`Close`)}
      </button>
    </dialog>
  );
}

export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  if (!cameraScanSupported()) return null;
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {i18n._(msg`Scan with camera`)}
      </button>
      {open && (
        <CameraDialog
          onClose={() => setOpen(false)}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      )}
    </>
  );
}
