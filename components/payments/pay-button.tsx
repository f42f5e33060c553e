"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { PaymentPanel } from "./payment-panel";

/** "Pay {total}": opens the payment modal. After a successful payment the customer lands on the order's receipt. */
export function PayButton({ orderId, totalLabel }: { orderId: string; totalLabel: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);

  function paid() {
    toast.success("Payment successful");
    setOpen(false);
    router.push(`/dashboard/orders/${encodeURIComponent(orderId)}`);
    router.refresh();
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
        Pay {totalLabel}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Card payment" closeLabel="Close payment">
        <PaymentPanel orderId={orderId} onPaid={paid} />
      </Modal>
    </>
  );
}
