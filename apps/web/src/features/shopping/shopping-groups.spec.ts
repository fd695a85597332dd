import { describe, expect, it } from 'vitest';
import { groupByProductGroup } from './shopping-groups';

describe('groupByProductGroup', () => {
  it('sorts groups by name in the user’s language, keeps item order, and puts ungrouped items last', () => {
    const items = [
      { label: 'Soap', product_group_name: null },
      { label: 'Milk', product_group_name: 'Milchprodukte' },
      { label: 'Apples', product_group_name: 'Obst' },
      { label: 'Butter', product_group_name: 'Milchprodukte' },
      { label: 'Eggs', product_group_name: 'Äpfel & Eier' },
      { label: 'Tea' },
    ];
    expect(groupByProductGroup(items, 'de').map((group) => [group.name, group.items.map((item) => item.label)])).toEqual([
      ['Äpfel & Eier', ['Eggs']],
      ['Milchprodukte', ['Milk', 'Butter']],
      ['Obst', ['Apples']],
      [null, ['Soap', 'Tea']],
    ]);
  });
});
