import type { CartItem } from '../../../shared/cart/rules'
import type { checkoutContract } from '../../../shared/checkout/contract'
import type {
  CheckoutForm,
  CheckoutResponse,
  OrderLine,
  OrderSubmission,
  PaymentIntentResponse,
} from '../../../shared/checkout/schema'
import { ApiError, call } from '../../lib/api'

export interface OrderDraft {
  form: CheckoutForm
  lines: OrderLine[]
  subtotal: number
  /** The cart's discount code and what it took off the subtotal (issue 25). */
  discountCode?: string
  discount: number
  shippingCost: number
  /** The server's sales tax for the address, while the shop collects it (issue 34). */
  tax?: number
  total: number
  /** What is left once the cart's gift cards paid (issue 36): what the card is charged; 0 pays by gift card. */
  amountDue: number
  idempotencyKey: string
  /** A signed-in shopper's "Save this address to my account". */
  saveAddress: boolean
}

/** The cart's lines as an order sends them: what the shopper saw, compared by the server. */
export const orderLines = (items: CartItem[]): OrderLine[] =>
  items.map((item) => ({ productId: item.productId, quantity: item.quantity, price: item.product.price }))

/** Server-side failures in the words the specification uses (storefront.md §8). */
export function paymentIntentError(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      error.serverMessage ??
      `Payment service error: ${error.status} ${error.message.split(': ').slice(1).join(': ')}`
    )
  }
  return 'Failed to initialize payment'
}

export function orderError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fieldErrors.length > 1)
      return error.fieldErrors.map((e) => `${e.field}: ${e.message}`).join(', ')
    if (error.serverMessage) return error.serverMessage
    if (error.body === undefined) return 'Server response was not valid JSON'
  }
  return 'Order processing failed'
}

export async function createPaymentIntent(draft: OrderDraft): Promise<PaymentIntentResponse> {
  const body = {
    // The card pays what the gift cards leave; the server uses the cart's cards (issue 36).
    amount: draft.amountDue,
    currency: 'usd' as const,
    metadata: {
      customerEmail: draft.form.email,
      customerName: `${draft.form.firstName} ${draft.form.lastName}`,
    },
    form: draft.form,
    items: draft.lines,
    discountCode: draft.discountCode,
    tax: draft.tax,
  }
  const response = await call<typeof checkoutContract.paymentIntent>(
    { method: 'POST', path: '/api/create-payment-intent' },
    { body },
  )
  if (!response?.clientSecret) throw new Error('Invalid payment response - missing client secret')
  return response
}

export function submitOrder(draft: OrderDraft, paymentIntentId?: string): Promise<CheckoutResponse> {
  const body = {
    ...draft.form,
    items: draft.lines,
    subtotal: draft.subtotal,
    discountCode: draft.discountCode,
    discount: draft.discount,
    shippingCost: draft.shippingCost,
    tax: draft.tax,
    total: draft.total,
    amountDue: draft.amountDue,
    paymentIntentId,
    // Informational only: the server asks the payment provider.
    paymentStatus: paymentIntentId ? 'paid' : 'pending',
    idempotencyKey: draft.idempotencyKey,
    saveAddress: draft.saveAddress,
  } satisfies OrderSubmission
  return call<typeof checkoutContract.place>({ method: 'POST', path: '/api/checkout' }, { body })
}

export const confirmTestPayment = (intentId: string, cardNumber: string) =>
  call<typeof checkoutContract.confirmTestPayment>(
    { method: 'POST', path: '/api/test-payments/:id/confirm' },
    { params: { id: intentId }, body: { cardNumber } },
  )
