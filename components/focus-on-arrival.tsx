"use client";
// Moves focus to its element once the page has loaded, so a screen reader reads it first and the
// keyboard starts there (the login's error summary). React does not send autofocus in server
// HTML, hence this; without JavaScript the element's role (alert) still announces it.
import { useEffect, useRef, type ReactNode } from "react";

export function FocusOnArrival({ children, ...props }: { children: ReactNode; id: string; role: string; className: string; "aria-labelledby": string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} {...props}>
      {children}
    </div>
  );
}
