/**
 * A skip link (WCAG 2.4.1 Bypass Blocks): hidden until it has the keyboard's focus, it moves the focus to the element
 * of `target`'s id, past what a keyboard would otherwise Tab through (the header, the shop's filters). The focus is
 * moved here rather than by the address's #fragment, which the router would take for a navigation.
 */
import { Anchor } from '@mantine/core';
import { useState, type MouseEvent } from 'react';

const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;
const SHOWN = { position: 'absolute', zIndex: 1000, padding: '8px 12px', background: 'var(--mantine-color-body)', border: '2px solid currentColor' } as const;

export function SkipLink({ target, children }: { target: string; children: string }) {
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
  };
  return (
    <Anchor href={`#${target}`} onClick={skip} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} style={focused ? SHOWN : HIDDEN}>
      {children}
    </Anchor>
  );
}
