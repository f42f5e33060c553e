import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found";

export const metadata: Metadata = {
  title: "Not found",
};

export default function NotFound() {
  return <NotFoundMessage />;
}
