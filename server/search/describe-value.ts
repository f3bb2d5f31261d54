// Safe, short renderings of user-supplied values for error messages (never throws, whatever the value).

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'undefined':
      return 'undefined';
    default:
      return `a ${typeof value}`;
  }
}
