// The one way a device, series, brand or category picture appears (catalogue tiles, device page, cart
// lines, search results): the generated, long-cached SVG at a fixed size, so nothing shifts while it loads.

import './catalogue.css';

export interface DevicePictureProps {
  readonly src: string;
  /** The device's (or series', brand's) name: the picture's text alternative. */
  readonly name: string;
  readonly size: 32 | 56 | 64 | 96 | 160;
  /**
   * The name is already written next to the picture inside the same link or option: the picture is then
   * decorative (alt=""), so a screen reader does not read the name twice.
   */
  readonly besideName?: boolean;
  readonly eager?: boolean;
}

export function DevicePicture({ src, name, size, besideName = false, eager = false }: DevicePictureProps) {
  return (
    <img
      className="device-picture"
      src={src}
      alt={besideName ? '' : name}
      width={size}
      height={size}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}
