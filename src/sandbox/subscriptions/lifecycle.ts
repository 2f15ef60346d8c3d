import { defineLifecycle } from '../../shared/lifecycle/kit';

/** A subscription's status as the seller may change it (`PUT /preapproval/{id}`); sending the status it has is no change. */
export const SUBSCRIPTION_LIFECYCLE = defineLifecycle({
  name: 'subscription',
  states: ['pending', 'authorized', 'paused', 'cancelled'],
  events: ['update'],
  initial: ['pending', 'authorized'],
  moves: [
    { from: 'pending', on: 'update', to: 'authorized' },
    { from: 'pending', on: 'update', to: 'cancelled' },
    { from: 'authorized', on: 'update', to: 'paused' },
    { from: 'authorized', on: 'update', to: 'cancelled' },
    { from: 'paused', on: 'update', to: 'authorized' },
    { from: 'paused', on: 'update', to: 'cancelled' },
  ],
});
