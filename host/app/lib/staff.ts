import { useEffect, useState } from "react";
import type { ApiClient } from "../../../src/api/client.js";
import { staffApi, type StaffLocation } from "../pages/studio/studio-api.js";
import { useSession } from "./session.js";
import { useStore } from "./store.js";

/**
 * The locations a signed-in account works at (`GET /studio-admin/v1/me`), asked once per account and page load: the
 * header's Studio entry and the landing after sign-in read it. A failed call counts as none (members are not staff).
 */
const asked = new Map<string, Promise<StaffLocation[]>>();

function staffLocations(api: ApiClient, account: string): Promise<StaffLocation[]> {
  let answer = asked.get(account);
  if (!answer) {
    answer = staffApi.me(api).then(
      (me) => me.locations,
      () => {
        asked.delete(account); // asked again on the next page that needs it
        return [];
      },
    );
    asked.set(account, answer);
  }
  return answer;
}

/** Whether the signed-in account works at a location (false while unknown and when signed out). */
export function useWorksAtStudio(): boolean {
  const store = useStore();
  const account = useSession().claims?.sub;
  const [works, setWorks] = useState<{ account: string; works: boolean }>();
  useEffect(() => {
    if (!account) return;
    let live = true;
    void staffLocations(store.api, account).then((l) => live && setWorks({ account, works: l.length > 0 }));
    return () => void (live = false);
  }, [account, store]);
  return !!account && works?.account === account && works.works;
}

/**
 * Where a sign-in lands without an asked-for page: staff and owners at work go to /studio, members to /home. The
 * account is read from the fresh sign-in's answer (the claims may not be loaded yet).
 */
export async function landingAfterSignIn(api: ApiClient, account: string): Promise<string> {
  return (await staffLocations(api, account)).length ? "/studio" : "/home";
}
