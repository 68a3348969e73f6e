//! The eight symmetries of a square board (rotations and reflections about its centre),
//! for telling apart offered fifth moves that are really the same.

use crate::board::Board;
use crate::point::Point;

/// The images of `p` on a `size` x `size` board under the eight symmetries, the identity
/// first.
fn images(p: Point, size: u8) -> [Point; 8] {
    let m = size - 1;
    let (x, y) = (p.x, p.y);
    [
        (x, y),
        (m - x, y),
        (x, m - y),
        (m - x, m - y),
        (y, x),
        (m - y, x),
        (y, m - x),
        (m - y, m - x),
    ]
    .map(|(x, y)| Point::new(x, y))
}

/// Whether `a` and `b`, two empty points of `board`, are the same move: some symmetry of the
/// board maps every stone onto a stone of the same colour and `a` onto `b`.
pub(crate) fn equivalent(board: &Board, a: Point, b: Point) -> bool {
    let size = board.size();
    let stones: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
    (0..8).any(|t| {
        images(a, size)[t] == b
            && stones
                .iter()
                .all(|&s| board.get(images(s, size)[t]) == board.get(s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stone::Stone;

    #[test]
    fn mirror_images_around_a_symmetric_position_are_equivalent() {
        let mut board = Board::new(15).unwrap();
        board.set(Point::new(7, 7), Some(Stone::Black)).unwrap();
        board.set(Point::new(7, 6), Some(Stone::White)).unwrap();
        // The position is symmetric about the column x = 7 only.
        assert!(equivalent(&board, Point::new(6, 8), Point::new(8, 8)));
        assert!(!equivalent(&board, Point::new(6, 8), Point::new(6, 6)));
        assert!(equivalent(&board, Point::new(3, 3), Point::new(3, 3)));
        // A black stone off the axis breaks the symmetry.
        board.set(Point::new(9, 9), Some(Stone::Black)).unwrap();
        assert!(!equivalent(&board, Point::new(6, 8), Point::new(8, 8)));
    }
}
