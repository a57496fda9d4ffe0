/**
 * lucide-react's `createLucideIcon`, as the shop builds it (scripts/vite/lean-icons.ts puts it in
 * place of the library's for every icon module): the same <svg> for the same props, but each
 * icon's shapes are made into React elements once, when its module loads. The library's own
 * rebuilds every shape's attributes and the svg's class list on each draw, which was about 7% of a
 * product page's draw on the server (decision 0029). Elements are immutable, so one set serves
 * every draw. scripts/vite/lean-icons.test.ts draws each icon the shop uses both ways and compares.
 *
 * What it leaves out: LucideProvider's context (the shop sets no defaults through it).
 */
import { createElement, type ReactElement, type ReactNode, type SVGProps } from 'react';

type Shape = [tag: string, attributes: Record<string, string>];

/** What each lucide icon module passes (`__iconData`). */
export interface LucideIconData {
  name: string;
  size?: number;
  node: Shape[];
  aliases?: string[];
}

export type LucideIconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  ref?: SVGProps<SVGSVGElement>['ref'];
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

/** lucide's rule: an icon is hidden from screen readers unless it is given a name or a role. */
function namesItself(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null) return true;
  }
  return false;
}

/** Class tokens in order of first appearance, each once (lucide's mergeClasses). */
const mergeClasses = (own: string, given: string) => (given ? [...new Set(`${own} ${given}`.split(/\s+/).filter(Boolean))].join(' ') : own);

export default function createLucideIcon(icon: LucideIconData) {
  const box = icon.size ?? 24;
  const viewBox = `0 0 ${box} ${box}`;
  const ownClasses = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).filter((a) => a.trim() !== '').map((a) => `lucide-${a}`)].join(' ');
  const shapes: ReactElement[] = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
  // Only when asked for, and then made once: each shape keeps its width of line however the icon is scaled.
  let scaleFreeShapes: ReactElement[] | undefined;
  const scaleFree = () => (scaleFreeShapes ??= icon.node.map(([tag, attributes]) => createElement(tag, { vectorEffect: 'non-scaling-stroke', ...attributes })));

  return function LucideIcon({ color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, children, ...rest }: LucideIconProps) {
    const drawnWidth = width ?? size ?? 24;
    const lineWidth = strokeWidth ?? 2;
    const own = nonScalingStroke ? scaleFree() : shapes;
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: drawnWidth,
        height: height ?? size ?? 24,
        viewBox,
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth: absoluteStrokeWidth ? (Number(lineWidth) * box) / Number(drawnWidth) : lineWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: mergeClasses(ownClasses, className ?? ''),
        ...(children || namesItself(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      own,
      children,
    );
  };
}
