// A grid of links to categories, manufacturers or series, with their pictures.

import { Link } from '@tanstack/react-router';
import { DevicePicture } from './device-picture';
import './catalogue.css';

export interface GridItem {
  readonly key: string | number;
  readonly to: string;
  readonly label: string;
  readonly thumbnail: string;
}

export function EntityGrid({ items, className = '' }: { items: readonly GridItem[]; className?: string }) {
  return (
    <ul className={`entity-grid ${className}`}>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to}>
            <DevicePicture src={item.thumbnail} name={item.label} size={64} besideName />
            <span>{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
