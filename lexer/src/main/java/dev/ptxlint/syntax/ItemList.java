package dev.ptxlint.syntax;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The parser's lists of a node's items (an instruction's modifiers and operands, the items of an
 * address, a vector, a group or an initializer, a name's suffixes): exactly its items in an array,
 * unmodifiable. One class for all of them, so that the checks' calls of {@code get} and
 * {@code size} on these lists stay monomorphic under C1 (with {@code List.of}'s two classes and
 * {@code Arrays.asList} beside them, linting the CUB module took 3 % more CPU: docs/performance.md).
 * Equal, hashed and printed as any list ({@link AbstractList}).
 */
final class ItemList<E> extends AbstractList<E> implements RandomAccess {
    private static final ItemList<Object> EMPTY = new ItemList<>(new Object[0]);

    private final Object[] items;

    private ItemList(Object[] items) {
        this.items = items;
    }

    @SuppressWarnings("unchecked")
    static <E> List<E> empty() {
        return (List<E>) EMPTY;
    }

    /** The {@code n} items of {@code a} from {@code from} on (copied). */
    static <E> List<E> of(Object[] a, int from, int n) {
        if (n == 0) {
            return empty();
        }
        Object[] c = new Object[n];
        System.arraycopy(a, from, c, 0, n);
        return new ItemList<>(c);
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        return (E) items[index];
    }

    @Override
    public int size() {
        return items.length;
    }
}
