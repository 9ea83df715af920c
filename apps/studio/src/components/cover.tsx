// Cover art: the API's cover image when the track has one, else a pattern drawn here from the
// track id (the same id always gives the same picture; no network).
import { sameOriginPath } from '../api.js';

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

export function Cover(props: { id: string; title: string; url?: string | undefined; size?: number }) {
  const size = props.size ?? 160;
  const src = sameOriginPath(props.url);
  if (src) {
    return <img class="cover" src={src} alt={`Cover art for ${props.title}`} width={size} height={size} />;
  }
  const seed = hash(props.id);
  const hue = seed % 360;
  const rings = 3 + (seed % 4);
  return (
    <svg
      class="cover"
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={`Cover art for ${props.title}`}
    >
      <rect width="100" height="100" fill={`hsl(${hue} 55% 32%)`} />
      {Array.from({ length: rings }, (_, index) => (
        <circle
          key={index}
          cx={30 + ((seed >>> (index * 3)) % 40)}
          cy={30 + ((seed >>> (index * 2 + 5)) % 40)}
          r={12 + index * 9}
          fill="none"
          stroke={`hsl(${(hue + 40 * (index + 1)) % 360} 70% 70%)`}
          stroke-opacity={0.8 - index * 0.1}
          stroke-width={2 + (index % 3)}
        />
      ))}
    </svg>
  );
}
