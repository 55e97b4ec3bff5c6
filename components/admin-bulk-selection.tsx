"use client";
// The bulk bar's selection: a "select all on this page" checkbox and the count selected. Without
// JavaScript the page offers a link to itself with every row's box ticked (?select=all) instead,
// and no count; the form works the same.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

export function BulkSelection({ total, selectAllHref }: { total: number; selectAllHref: string }) {
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const box = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    const form = box.current?.form ?? null;
    if (!form) return;
    const items = () => Array.from(form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="item"]'));
    const update = () => {
      const n = items().filter((i) => i.checked).length;
      setSelected(n);
      if (box.current) {
        box.current.checked = n > 0 && n === items().length;
        box.current.indeterminate = n > 0 && n < items().length;
      }
    };
    update();
    form.addEventListener("change", update);
    return () => form.removeEventListener("change", update);
  }, [hydrated]);

  if (!hydrated) {
    return (
      <a href={selectAllHref} className="text-sm text-teal-800 underline underline-offset-2 dark:text-teal-300">
        Select all {total} on this page
      </a>
    );
  }
  return (
    <div className="flex items-center gap-3 text-sm">
      <label className="inline-flex items-center gap-2">
        <input
          ref={box}
          type="checkbox"
          className="size-5 accent-teal-800"
          onChange={(event) => {
            const form = event.currentTarget.form;
            const on = event.currentTarget.checked;
            for (const item of form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="item"]') ?? []) item.checked = on;
            form?.dispatchEvent(new Event("change"));
          }}
        />
        Select all {total} on this page
      </label>
      <span aria-live="polite" className="font-medium tabular-nums">
        {selected} selected
      </span>
    </div>
  );
}
