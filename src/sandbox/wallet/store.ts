import { z } from 'zod';
import { CardToken, Customer, CustomerCard } from './schemas';
import { entryOfSaved, savedRecord, type TokenEntry } from './token-entry';

/** A card token with what the sandbox keeps beside it: its owner and the card's method and issuer (as a state file holds it). */
export const TokenRecord = z.object({ token: CardToken, user_id: z.number().int(), payment_method_id: z.string(), issuer_id: z.number().int() });
export type TokenRecord = z.infer<typeof TokenRecord>;
export const CustomerRecord = z.object({ customer: Customer.omit({ cards: true }) });
export type CustomerRecord = z.infer<typeof CustomerRecord>;
/** A saved card keeps the method of the token it was saved from, so a token made from it charges the same card. */
export const CardRecord = z.object({ card: CustomerCard });
export type CardRecord = z.infer<typeof CardRecord>;

export const SavedWallet = z.object({
  card_tokens: z.array(TokenRecord),
  customers: z.array(CustomerRecord),
  cards: z.array(CardRecord),
  sequence: z.number().int(),
});
export type SavedWallet = z.infer<typeof SavedWallet>;

/** Card tokens, customers and saved cards of every account; `--state` keeps them (slice `wallet`). */
export class WalletStore {
  readonly tokens = new Map<string, TokenEntry>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly cards = new Map<string, CardRecord>();
  private sequence = 0;

  next(): number {
    return ++this.sequence;
  }

  save(): SavedWallet {
    return structuredClone({
      card_tokens: Array.from(this.tokens.values(), savedRecord),
      customers: [...this.customers.values()],
      cards: [...this.cards.values()],
      sequence: this.sequence,
    });
  }

  load(data: unknown): void {
    const saved = SavedWallet.parse(data);
    this.reset();
    for (const record of saved.card_tokens) this.tokens.set(record.token.id, entryOfSaved(record));
    for (const record of saved.customers) this.customers.set(record.customer.id, record);
    for (const record of saved.cards) this.cards.set(record.card.id, record);
    this.sequence = saved.sequence;
  }

  reset(): void {
    this.tokens.clear();
    this.customers.clear();
    this.cards.clear();
    this.sequence = 0;
  }
}
