// The login page's answer to a refused token: the same page with the error summary, status 401
// (the page calls unauthorized() on ?error=token). A boundary gets no props: the page asked for
// comes from the query string the proxy names (PAGE_QUERY_HEADER), checked as the page checks it.
import { headers } from "next/headers";
import { LoginView } from "@/components/admin-login-form";
import { PAGE_QUERY_HEADER } from "@/lib/http";
import { safeNextPath } from "../_lib/paths";

export default async function RefusedLogin() {
  const query = new URLSearchParams((await headers()).get(PAGE_QUERY_HEADER) ?? "");
  return <LoginView next={safeNextPath(query.get("next"))} refused flash={null} />;
}
