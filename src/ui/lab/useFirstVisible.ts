import { useEffect, type RefObject } from 'react';

/** Calls onVisible once, the first time the element is on screen (e.g. its tab was opened). */
export function useFirstVisible(ref: RefObject<HTMLElement | null>, onVisible: () => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        onVisible();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onVisible]);
}
