import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeadSwitchList } from '../../../src/components/headswitches';

describe('HeadSwitchList: the one list of head checkboxes', () => {
  it('has a checkbox per head of each listed layer, ticked unless the head is off', () => {
    render(
      <HeadSwitchList
        legend="Heads on"
        layers={2}
        heads={3}
        off={[{ layer: 1, head: 2 }]}
        layerName={(l) => `Layer ${l + 1}`}
        label={(_, h) => `Head ${h + 1}`}
        ariaLabel={(l, h) => `Layer ${l + 1}, head ${h + 1}`}
        onToggle={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Heads on' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(6);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true, true, true, false]);
    expect(screen.getByRole('checkbox', { name: 'Layer 2, head 3' })).not.toBeChecked();
    expect(screen.getByText('Layer 2')).toBeInTheDocument();
    expect(group.querySelectorAll('.head-switch-list__head--off')).toHaveLength(1);
  });

  it('lists only the layers it is given, and says which head was ticked or unticked', async () => {
    const onToggle = vi.fn();
    render(<HeadSwitchList legend="Layer 3" layers={[2]} heads={2} off={[{ layer: 2, head: 0 }, { layer: 0, head: 1 }]} label={(_, h) => `Head ${h + 1}`} onToggle={onToggle} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Head 2' })).toBeChecked(); // layer 0's head 2 being off does not matter here
    await userEvent.click(screen.getByRole('checkbox', { name: 'Head 1' }));
    expect(onToggle).toHaveBeenLastCalledWith(2, 0, true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Head 2' }));
    expect(onToggle).toHaveBeenLastCalledWith(2, 1, false);
  });

  it('disables every box when asked, and adds the caller’s items, classes and footer', () => {
    render(
      <HeadSwitchList legend="Heads" layers={1} heads={2} off={[]} disabled label={(_, h) => `Head ${h + 1}`} onToggle={() => {}} itemClassName={() => 'mine'} after={(_, h) => <button type="button">Only {h + 1}</button>}>
        <p>footer</p>
      </HeadSwitchList>,
    );
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Only 2' }).closest('li')).toHaveClass('mine');
    expect(screen.getByText('footer')).toBeInTheDocument();
  });
});
