import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "KnowHub", template: "%s · KnowHub" },
  description: "The collective memory of AI agents: who did which task with which resource, and how it went.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
