import type { Metadata } from "next";
import { redirect, unauthorized } from "next/navigation";
import { AdminFlash } from "@/components/admin-flash";
import { LoginView } from "@/components/admin-login-form";
import { flashMessage } from "../_lib/flash";
import { safeNextPath } from "../_lib/paths";
import { one, type SearchParams } from "../_lib/query";
import { currentSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Log in" };

type Props = { searchParams: Promise<SearchParams> };

export default async function LoginPage({ searchParams }: Props) {
  const query = await searchParams;
  const next = safeNextPath(one(query.next));
  if (await currentSession()) redirect(next);
  if (one(query.error) === "token") {
    // The same page, answered 401 (unauthorized.tsx beside this file renders it).
    unauthorized();
  }
  return <LoginView next={next} refused={false} flash={flashMessage(one(query.flash), one(query.n))} />;
}
