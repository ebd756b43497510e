use super::*;
use crate::grid::Cell;

#[test]
fn show() {
    let (g, p) = generate_with_path(&MazeConfig::classic(), 1, 1).unwrap();
    println!("{g}");
    println!("{:?} {} {}", g.check(), p.length, p.nodes.len());
    let mut pic = g.clone();
    for &t in &p.tiles {
        if pic.cell(t) == Cell::Corridor {
            pic.set(t, Cell::Floor);
        }
    }
    println!("{pic}");
}
